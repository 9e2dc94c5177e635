import CSpng
import CircleRender
import CirclesTestSupport
import Foundation

/// Decoding PNG files in process, one thread: circles' decoder (what `PNGCodec.decode` does for
/// the files circles and Cairo write) against libspng and Cairo, each ending with the same
/// premultiplied ARGB32 pixels in memory.
enum DecoderBenchmark {
  struct Row {
    var label: String
    var circles: Double
    var spng: Double
    var cairo: Double
  }

  /// Median milliseconds of each decoder on each file, `runs` runs after one warm-up.
  static func measure(_ files: [(label: String, data: Data)], runs: Int) throws -> [Row] {
    try files.map { file in
      let reference = try PNGCodec.decode(file.data)
      guard spng(file.data) == reference.pixels, cairo(file.data) == reference.pixels else {
        throw CocoaError(.fileReadCorruptFile)
      }
      return Row(
        label: file.label,
        circles: median(runs) { _ = try? PNGCodec.decode(file.data) },
        spng: median(runs) { _ = spng(file.data) },
        cairo: median(runs) { _ = cairo(file.data) })
    }
  }

  static func median(_ runs: Int, _ body: () -> Void) -> Double {
    body()
    let clock = ContinuousClock()
    let times = (0..<runs).map { _ in
      let duration = clock.measure(body)
      return Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds)
        * 1000
    }.sorted()
    return times[times.count / 2]
  }

  /// libspng: RGBA8 with the transparency chunk applied, then premultiplied as Cairo rounds.
  static func spng(_ data: Data) -> [UInt32]? {
    guard let context = spng_ctx_new(0) else { return nil }
    defer { spng_ctx_free(context) }
    return data.withUnsafeBytes { bytes -> [UInt32]? in
      guard spng_set_png_buffer(context, bytes.baseAddress, bytes.count) == 0 else { return nil }
      var header = spng_ihdr()
      var size = 0
      let format = Int32(SPNG_FMT_RGBA8.rawValue)
      guard spng_get_ihdr(context, &header) == 0,
        spng_decoded_image_size(context, format, &size) == 0
      else { return nil }
      var rgba = [UInt8](repeating: 0, count: size)
      let flags = Int32(SPNG_DECODE_TRNS.rawValue)
      guard spng_decode_image(context, &rgba, size, format, flags) == 0 else { return nil }
      return rgba.withUnsafeBufferPointer { source in
        [UInt32](unsafeUninitializedCapacity: size / 4) { pixels, count in
          for index in 0..<size / 4 {
            let p = source.baseAddress! + 4 * index
            let alpha = UInt32(p[3])
            func multiply(_ channel: UInt8) -> UInt32 {
              let product = alpha * UInt32(channel) + 0x80
              return (product + (product >> 8)) >> 8
            }
            pixels[index] =
              alpha == 255
              ? 0xFF00_0000 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
              : alpha << 24 | multiply(p[0]) << 16 | multiply(p[1]) << 8 | multiply(p[2])
          }
          count = size / 4
        }
      }
    }
  }

  /// Cairo (libpng underneath), read from memory, then copied out row by row.
  static func cairo(_ data: Data) -> [UInt32]? { CairoPNG.decode(data)?.pixels }
}

extension DecoderBenchmark {
  /// The table rows: the pictures of W3 (written by Cairo, and as every other kind of PNG file
  /// by libspng), W1 and W2 (written by `circles run`), each decoded by circles, libspng and
  /// Cairo, circles' time against the quicker of the two libraries; then W3 on each kind of
  /// file against the C program (``PNGKindsBenchmark``).
  static func rows(circles: String, reference: String, runs: Int, work: URL) throws -> [BenchRow] {
    func path(_ name: String) -> String { work.appendingPathComponent(name).path }
    let w3 = Scene.w3
    try w3.numbers.write(toFile: path("dec-w3.txt"), atomically: true, encoding: .utf8)
    _ = Launcher.run(reference, ["draw", path("dec-w3.txt"), path("dec-w3.png")])
    var files = [
      (
        label: "W3 picture, 1920×1080, written by Cairo",
        data: try Data(contentsOf: URL(fileURLWithPath: path("dec-w3.png")))
      )
    ]
    let scenes = [
      ("W1 frame, 800×600", Scene(width: 800, height: 600, count: 1000, seed: 1), true),
      ("W2 last frame, 400×300", Scene(width: 400, height: 300, count: 500, seed: 2), false),
    ]
    for (index, (label, scene, grouped)) in scenes.enumerated() {
      let script = path("dec-\(index).circles")
      let folder = path("dec-\(index)-frames")
      try scene.script(grouped: grouped).write(toFile: script, atomically: true, encoding: .utf8)
      _ = Launcher.run(circles, ["run", script, "-o", folder])
      let last = try FileManager.default.contentsOfDirectory(atPath: folder)
        .filter { $0.hasSuffix(".png") }.sorted().last!
      files.append(
        (
          label + ", written by circles",
          try Data(contentsOf: URL(fileURLWithPath: folder + "/" + last))
        ))
    }
    let kinds = try PNGKindsBenchmark.files(reference: reference, work: work).dropFirst()
    for (label, first, _) in kinds {
      files.append(
        (
          "W3 picture as \(label), written by libspng",
          try Data(contentsOf: URL(fileURLWithPath: first))
        ))
    }
    Measures.progress("PNG decoders…")
    let decoding = try measure(files, runs: runs).map { row in
      BenchRow(
        "PNG decoding in process, \(row.label)", String(format: "%.2f ms", row.circles),
        String(format: "%.2f ms (libspng), %.2f ms (Cairo)", row.spng, row.cairo),
        ratio: row.circles / min(row.spng, row.cairo), atMost: 1)
    }
    return decoding
      + (try PNGKindsBenchmark.rows(circles: circles, reference: reference, runs: runs, work: work))
  }
}
