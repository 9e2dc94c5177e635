import CircleCanvas
import CircleRender
import Foundation
import Testing

@Suite("PNG writer")
struct PNGWriterTests {
  static let allSettings: [PNGEncoding] = PNGEncoding.Strategy.allCases.flatMap { strategy in
    PNGEncoding.RowFilter.allCases.flatMap { filter in
      [0, 1, 6, 9].map { PNGEncoding(level: $0, strategy: strategy, filter: filter) }
    }
  }

  @Test(
    "every setting decodes with Cairo and libpng to the pixels encoded",
    arguments: [(UInt64(1), 1, 1, true), (2, 17, 5, false), (3, 64, 48, true), (4, 3, 40, false)])
  func roundTrip(seed: UInt64, width: Int, height: Int, opaque: Bool) throws {
    let image = PNGCodecTests.randomImage(seed: seed, width: width, height: height, opaque: opaque)
    for settings in Self.allSettings {
      let data = try PNGWriter.encode(image, settings: settings)
      #expect(try PNGCodec.decode(data) == image, "\(settings)")
    }
  }

  @Test("opaque pictures are stored as RGB, translucent ones as RGBA", arguments: [true, false])
  func colourType(opaque: Bool) throws {
    let image = PNGCodecTests.randomImage(seed: 9, width: 8, height: 8, opaque: opaque)
    let data = [UInt8](try PNGWriter.encode(image))
    #expect(data[25] == (opaque ? 2 : 6))
    #expect(data[24] == 8)
  }

  @Test("the file holds IHDR, one IDAT and IEND with correct lengths and checksums")
  func chunks() throws {
    let image = PNGCodecTests.randomImage(seed: 5, width: 30, height: 20, opaque: false)
    let data = [UInt8](try PNGWriter.encode(image, compression: .small))
    #expect(Array(data.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    var offset = 8
    var types: [String] = []
    while offset + 12 <= data.count {
      let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      let body = data[(offset + 4)..<(offset + 8 + length)]
      let stored = data[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) {
        $0 << 8 | UInt32($1)
      }
      #expect(PNGFile.crc32(Data(body)) == stored)
      types.append(String(decoding: body.prefix(4), as: UTF8.self))
      offset += 12 + length
    }
    #expect(offset == data.count)
    #expect(types == ["IHDR", "IDAT", "IEND"])
  }

  @Test(
    "rendered circles survive every compression choice",
    arguments: PNGCompression.allCases)
  func renderedCircles(compression: PNGCompression) throws {
    var states = RandomStates(seed: 77, width: 90, height: 60, background: .none)
    var state = states.next()
    for _ in 0..<30 { state = states.next() }
    let image = try Renderer.render(state)
    let data = try PNGWriter.encode(image, compression: compression)
    #expect(try PNGCodec.decode(data) == image)
    let renderer = IncrementalRenderer()
    try renderer.update(to: state)
    #expect(try renderer.encodePNG(compression: compression) == data)
  }

  @Test("smaller settings give smaller files on a picture of circles")
  func sizes() throws {
    var states = RandomStates(seed: 8, width: 160, height: 120)
    var state = states.next()
    for _ in 0..<60 { state = states.next() }
    let image = try Renderer.render(state)
    let fast = try PNGWriter.encode(image, compression: .fast).count
    let small = try PNGWriter.encode(image, compression: .small).count
    #expect(small < fast)
  }

  @Test("empty and oversized images are refused")
  func sizeLimits() {
    #expect(throws: RenderError.emptyImage(width: 0, height: 3)) {
      try PNGWriter.encode(PixelImage(width: 0, height: 3, pixels: []))
    }
  }
}

@Suite("PNG sequence encoder")
struct PNGSequenceEncoderTests {
  @Test(
    "frames sharing unchanged rows with the frame before are the bytes of a fresh encoding",
    arguments: [(UInt64(31), PNGCompression.default), (32, .fast), (33, .small)])
  func sharedBands(seed: UInt64, compression: PNGCompression) throws {
    var states = RandomStates(seed: seed, width: 120, height: 200, background: .white)
    let renderer = IncrementalRenderer()
    let encoder = PNGSequenceEncoder(compression: compression)
    var prepared: [(PreparedPNG, CanvasState)] = []
    for _ in 0..<25 {
      let state = states.next()
      try renderer.update(to: state)
      prepared.append((try encoder.prepare(renderer), state))
    }
    // Encoded out of order, as parallel jobs may be.
    for (png, state) in prepared.reversed() {
      let fresh = try PNGWriter.encode(Renderer.render(state), compression: compression)
      #expect(try png.encode() == fresh)
    }
  }
}
