import CircleCanvas
import CirclesTestSupport
import Foundation
import Testing

@testable import CircleRender

@Suite("PNG decoder")
struct PNGDecoderTests {
  /// Files from Cairo's writer (adaptive filters: all five filter types) and from ours.
  static func files(seed: UInt64, opaque: Bool) throws -> [Data] {
    let image = PNGCodecTests.randomImage(seed: seed, width: 37, height: 23, opaque: opaque)
    var states = RandomStates(
      seed: seed, width: 120, height: 80, background: opaque ? .white : .none)
    var state = states.next()
    for _ in 0..<40 { state = states.next() }
    let rendered = try Renderer.render(state)
    return try [image, rendered].flatMap { picture in
      try [PNGCodec.encode(picture)]
        + PNGCompression.allCases.map { try PNGWriter.encode(picture, compression: $0) }
    }
  }

  @Test(
    "decodes what Cairo decodes, pixel for pixel",
    arguments: [(UInt64(1), true), (2, false), (3, true), (4, false)])
  func matchesCairo(seed: UInt64, opaque: Bool) throws {
    for data in try Self.files(seed: seed, opaque: opaque) {
      let quick = try #require(try PNGDecoder.decode(data))
      #expect(quick == CairoPNG.decode(data))
      #expect(quick == SpngFile.decode(data))
    }
  }

  @Test(
    "large files, inflated and unfiltered a stretch at a time, still match Cairo",
    arguments: [true, false])
  func large(opaque: Bool) throws {
    var states = RandomStates(
      seed: 9, width: 700, height: 520, background: opaque ? .white : .none)
    var state = states.history[0]
    for index in 0..<120 { state.circles.append(states.circle(id: "c\(index)", in: state)) }
    let image = try Renderer.render(state)
    for data in [try PNGCodec.encode(image), try PNGWriter.encode(image)] {
      #expect(try PNGDecoder.decode(data) == image)
      var cut = [UInt8](data)
      cut.removeSubrange(cut.count / 2..<cut.count - 12)
      #expect(try PNGDecoder.decode(Data(cut)) == nil)
    }
  }

  @Test("files it does not read are left to libspng")
  func declines() throws {
    let grey = PNGFile.make(width: 2, height: 1, colourType: 0, rows: [[0, 200]])
    #expect(try PNGDecoder.decode(grey) != nil)
    var four = [UInt8](grey)
    four[24] = 4  // the bit depth, in the header; its checksum is wrong now
    #expect(try PNGDecoder.decode(Data(four)) == nil)
    var damaged = [UInt8](
      try PNGWriter.encode(
        PNGCodecTests.randomImage(
          seed: 5, width: 8, height: 8, opaque: true)))
    damaged[45] ^= 0xFF
    #expect(try PNGDecoder.decode(Data(damaged)) == nil)
    let whole = try PNGWriter.encode(
      PNGCodecTests.randomImage(seed: 6, width: 8, height: 8, opaque: false))
    #expect(try PNGDecoder.decode(whole.prefix(whole.count - 12)) == nil)
    // A gamma chunk after the header: ignored, as libspng and Cairo ignore it.
    var gamma = [UInt8](whole.prefix(33))
    let body: [UInt8] = Array("gAMA".utf8) + [0, 0, 0xB1, 0x8F]
    gamma += [0, 0, 0, 4] + body
    let crc = PNGFile.crc32(Data(body))
    gamma += [
      UInt8(crc >> 24), UInt8((crc >> 16) & 0xFF), UInt8((crc >> 8) & 0xFF), UInt8(crc & 0xFF),
    ]
    gamma += whole.dropFirst(33)
    let decoded = try #require(try PNGDecoder.decode(Data(gamma)))
    #expect(decoded == SpngFile.decode(Data(gamma)))
    #expect(decoded == CairoPNG.decode(Data(gamma)))
    #expect(decoded == (try PNGDecoder.decode(whole)))
  }
}
