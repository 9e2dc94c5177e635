import CSpng
import CircleRender
import Foundation

/// W3 (`circles diff` of two 1920×1080 pictures against the C program decoding both with Cairo
/// and counting) on the same two pictures stored as each kind of PNG file, written by libspng:
/// every 8-bit colour type, which circles decodes itself, and 16-bit and interlaced files,
/// which it decodes through libspng.
enum PNGKindsBenchmark {
  /// A kind of PNG file and how to make one from a picture.
  struct Kind {
    var label: String
    var colourType: UInt8
    var bitDepth: UInt8 = 8
    var interlaced = false
    /// A palette file with a transparency chunk.
    var transparency = false
    /// The goals of wall and processor time against the C program.
    var goals: (wall: Double, processor: Double) = (0.6, 0.8)
  }

  static let kinds: [Kind] = [
    Kind(label: "RGBA", colourType: 6),
    Kind(label: "palette", colourType: 3),
    Kind(label: "palette with tRNS", colourType: 3, transparency: true),
    Kind(label: "grey", colourType: 0),
    Kind(label: "grey and alpha", colourType: 4),
    Kind(label: "16-bit RGB", colourType: 2, bitDepth: 16, goals: (1, 1)),
    Kind(label: "interlaced RGB", colourType: 2, interlaced: true, goals: (1, 1)),
  ]

  /// The picture as a file of this kind. Palette files take the nearest colour of a 6×6×6 cube
  /// (216 entries); with tRNS, white is transparent and the lightest greys translucent, as in
  /// a picture cut out of its background.
  static func file(_ image: PixelImage, as kind: Kind) throws -> Data {
    let count = image.width * image.height
    var samples: [UInt8] = []
    var palette: [(UInt8, UInt8, UInt8)] = []
    var alphas: [UInt8] = []
    func channels(_ pixel: UInt32) -> (Int, Int, Int) {
      (Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF))
    }
    switch kind.colourType {
    case 0, 4:
      samples.reserveCapacity(count * (kind.colourType == 0 ? 1 : 2))
      for pixel in image.pixels {
        let (red, green, blue) = channels(pixel)
        samples.append(UInt8((red * 77 + green * 150 + blue * 29) >> 8))
        if kind.colourType == 4 { samples.append(UInt8(pixel >> 24)) }
      }
    case 2, 6:
      for pixel in image.pixels {
        let (red, green, blue) = channels(pixel)
        for value in [red, green, blue] {
          samples.append(UInt8(value))
          if kind.bitDepth == 16 { samples.append(UInt8(value)) }
        }
        if kind.colourType == 6 { samples.append(UInt8(pixel >> 24)) }
      }
    default:
      for red in 0..<6 {
        for green in 0..<6 {
          for blue in 0..<6 {
            palette.append((UInt8(red * 51), UInt8(green * 51), UInt8(blue * 51)))
          }
        }
      }
      samples = image.pixels.map { pixel in
        let (red, green, blue) = channels(pixel)
        return UInt8(((red + 25) / 51) * 36 + ((green + 25) / 51) * 6 + (blue + 25) / 51)
      }
      if kind.transparency {
        alphas = [UInt8](repeating: 255, count: 216)
        alphas[215] = 0
        alphas[172] = 128  // (4, 4, 4): light grey
      }
    }
    return try encode(
      width: image.width, height: image.height, colourType: kind.colourType,
      bitDepth: kind.bitDepth, interlaced: kind.interlaced, samples: samples, palette: palette,
      alphas: alphas)
  }

  struct EncodeError: Error {}

  /// A PNG file written by libspng (its default compression and adaptive filters).
  static func encode(
    width: Int, height: Int, colourType: UInt8, bitDepth: UInt8, interlaced: Bool,
    samples: [UInt8], palette: [(UInt8, UInt8, UInt8)], alphas: [UInt8]
  ) throws -> Data {
    guard let context = spng_ctx_new(Int32(SPNG_CTX_ENCODER.rawValue)) else {
      throw EncodeError()
    }
    defer { spng_ctx_free(context) }
    var header = spng_ihdr(
      width: UInt32(width), height: UInt32(height), bit_depth: bitDepth, color_type: colourType,
      compression_method: 0, filter_method: 0, interlace_method: interlaced ? 1 : 0)
    var plte = spng_plte()
    plte.n_entries = UInt32(palette.count)
    withUnsafeMutableBytes(of: &plte.entries) { entries in
      for (index, colour) in palette.enumerated() {
        (entries[4 * index], entries[4 * index + 1], entries[4 * index + 2]) = colour
      }
    }
    var trns = spng_trns()
    trns.n_type3_entries = UInt32(alphas.count)
    withUnsafeMutableBytes(of: &trns.type3_alpha) { $0.copyBytes(from: alphas) }
    guard spng_set_option(context, SPNG_ENCODE_TO_BUFFER, 1) == 0,
      spng_set_ihdr(context, &header) == 0,
      palette.isEmpty || spng_set_plte(context, &plte) == 0,
      alphas.isEmpty || spng_set_trns(context, &trns) == 0,
      spng_encode_image(
        context, samples, samples.count, Int32(SPNG_FMT_PNG.rawValue),
        Int32(SPNG_ENCODE_FINALIZE.rawValue)) == 0
    else { throw EncodeError() }
    var length = 0
    var status: Int32 = 0
    guard let buffer = spng_get_png_buffer(context, &length, &status) else { throw EncodeError() }
    defer { free(buffer) }
    return Data(bytes: buffer, count: length)
  }

  /// W3's two pictures drawn by the C reference with Cairo (RGB files), in `work`.
  static func drawW3(reference: String, work: URL) throws -> (String, String) {
    func path(_ name: String) -> String { work.appendingPathComponent(name).path }
    var w3 = Scene.w3
    try w3.numbers.write(toFile: path("kinds-a.txt"), atomically: true, encoding: .utf8)
    w3.changeFiveCircles()
    try w3.numbers.write(toFile: path("kinds-b.txt"), atomically: true, encoding: .utf8)
    _ = Launcher.run(reference, ["draw", path("kinds-a.txt"), path("kinds-RGB-a.png")])
    _ = Launcher.run(reference, ["draw", path("kinds-b.txt"), path("kinds-RGB-b.png")])
    return (path("kinds-RGB-a.png"), path("kinds-RGB-b.png"))
  }

  /// The two pictures as files of every kind: `(label, first, second)`, Cairo's RGB first.
  static func files(reference: String, work: URL) throws -> [(String, String, String)] {
    let (first, second) = try drawW3(reference: reference, work: work)
    var files = [("RGB, written by Cairo", first, second)]
    let pictures = try [first, second].map {
      try PNGCodec.decode(Data(contentsOf: URL(fileURLWithPath: $0)))
    }
    for kind in kinds {
      let paths = try pictures.enumerated().map { index, picture in
        let name = "kinds-\(kind.label.replacingOccurrences(of: " ", with: "-"))-\(index).png"
        let url = work.appendingPathComponent(name)
        try file(picture, as: kind).write(to: url)
        return url.path
      }
      files.append((kind.label, paths[0], paths[1]))
    }
    return files
  }

  /// Wall and processor time of `circles diff` against the C program, run interleaved, on each
  /// kind's two files: medians of `runs` pairs after one warm-up pair.
  static func rows(circles: String, reference: String, runs: Int, work: URL) throws -> [BenchRow] {
    var rows: [BenchRow] = []
    let goals: [(String, (wall: Double, processor: Double))] =
      [("RGB, written by Cairo", (0.6, 0.8))] + kinds.map { ($0.label, $0.goals) }
    for (label, first, second) in try files(reference: reference, work: work) {
      Measures.progress("W3 as \(label)…")
      _ = Launcher.run(circles, ["diff", first, second])
      _ = Launcher.run(reference, ["diff", first, second])
      var ours: [RunMeasure] = []
      var theirs: [RunMeasure] = []
      for _ in 0..<runs {
        ours.append(Launcher.run(circles, ["diff", first, second]))
        theirs.append(Launcher.run(reference, ["diff", first, second]))
      }
      // `diff` exits 1: the pictures differ. Anything else is a failure to read them.
      guard (ours + theirs).allSatisfy({ $0.status == 1 }) else {
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: first])
      }
      let goal = goals.first { $0.0 == label }!.1
      let wall = (Measures.median(ours.map(\.seconds)), Measures.median(theirs.map(\.seconds)))
      let processor = (
        Measures.median(ours.map(\.userSeconds)), Measures.median(theirs.map(\.userSeconds))
      )
      rows.append(
        BenchRow(
          "W3 as \(label): `circles diff`, wall time", Measures.seconds(wall.0),
          Measures.seconds(wall.1) + " (C)", ratio: wall.0 / wall.1, atMost: goal.0))
      rows.append(
        BenchRow(
          "W3 as \(label): `circles diff`, processor time (user)", Measures.seconds(processor.0),
          Measures.seconds(processor.1) + " (C)", ratio: processor.0 / processor.1,
          atMost: goal.1))
    }
    return rows
  }
}
