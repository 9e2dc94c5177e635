import CircleCanvas
import CircleRender
import Foundation

/// Encoding time and size of one picture for each level, compressor (a zlib strategy or igzip)
/// and row filter, next to Cairo's writer: the measurements behind the `--png-compression`
/// choices.
enum PNGSweep {
  struct Row {
    var label: String
    var milliseconds: Double
    var bytes: Int
  }

  static func time(runs: Int, _ body: () throws -> Data) rethrows -> (Double, Int) {
    var times: [Double] = []
    var size = 0
    for _ in 0..<runs {
      let start = DispatchTime.now()
      size = try body().count
      times.append(Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
    }
    return (Measures.median(times), size)
  }

  /// Cairo's writer and each `--png-compression` on the picture of a scene's final state.
  static func settings(_ image: PixelImage, runs: Int) throws -> [Row] {
    // One untimed encoding of each first: the first use of an encoder sets up its tables.
    _ = try PNGCodec.encode(image)
    for compression in PNGCompression.allCases {
      _ = try PNGWriter.encode(image, compression: compression)
    }
    var rows: [Row] = []
    let cairo = try time(runs: runs) { try PNGCodec.encode(image) }
    rows.append(Row(label: "Cairo's writer", milliseconds: cairo.0, bytes: cairo.1))
    for compression in PNGCompression.allCases {
      let result = try time(runs: runs) { try PNGWriter.encode(image, compression: compression) }
      rows.append(
        Row(label: "--png-compression \(compression)", milliseconds: result.0, bytes: result.1))
    }
    return rows
  }

  /// The table rows: the default compression against Cairo's writer, in time and in size.
  static func rows(runs: Int) throws -> [BenchRow] {
    var rows: [BenchRow] = []
    for (name, scene) in pictures {
      let measured = try settings(try image(of: scene), runs: runs)
      let cairo = measured[0]
      guard let ours = measured.first(where: { $0.label == "--png-compression default" }) else {
        continue
      }
      rows.append(
        BenchRow(
          "PNG encoding of the \(name), default compression: time", milliseconds(ours),
          milliseconds(cairo) + " (Cairo)", ratio: ours.milliseconds / cairo.milliseconds,
          atMost: 0.25))
      rows.append(
        BenchRow(
          "PNG encoding of the \(name), default compression: size", kilobytes(ours),
          kilobytes(cairo) + " (Cairo)", ratio: Double(ours.bytes) / Double(cairo.bytes),
          atMost: 1.05))
    }
    return rows
  }

  /// The pictures the encoders are timed on.
  static let pictures = [
    ("W2 last frame, 400×300", Scene(width: 400, height: 300, count: 500, seed: 2)),
    ("W1 frame, 800×600", Scene(width: 800, height: 600, count: 1000, seed: 1)),
  ]

  static func milliseconds(_ row: Row) -> String { String(format: "%.2f ms", row.milliseconds) }
  static func kilobytes(_ row: Row) -> String { "\(row.bytes / 1024) KB" }

  /// Every setting on a picture: each `--png-compression`, then every level, compressor and
  /// row filter.
  static func measure(_ image: PixelImage, runs: Int) throws -> [Row] {
    var rows = try settings(image, runs: runs)
    for level in [0, 1, 3, 6, 9] {
      for strategy in PNGEncoding.Strategy.allCases {
        for filter in PNGEncoding.RowFilter.allCases {
          if level == 0, strategy != .standard || filter != .none { continue }
          // igzip has levels 1–3 only.
          if strategy == .igzip, level != 1, level != 3 { continue }
          let settings = PNGEncoding(level: level, strategy: strategy, filter: filter)
          let result = try time(runs: runs) { try PNGWriter.encode(image, settings: settings) }
          rows.append(
            Row(
              label: "level \(level), \(strategy), filter \(filter)", milliseconds: result.0,
              bytes: result.1))
        }
      }
    }
    return rows
  }

  /// The state a scene script ends in: every circle on the canvas.
  static func image(of scene: Scene) throws -> PixelImage {
    let circles = scene.circles.enumerated().map { index, circle in
      Circle(
        id: "c\(index + 1)", center: Point(x: circle.x, y: circle.y), radius: circle.radius,
        fill: Colour(
          red: circle.fill.0, green: circle.fill.1, blue: circle.fill.2, alpha: circle.fill.3),
        stroke: Colour(red: circle.stroke.0, green: circle.stroke.1, blue: circle.stroke.2),
        strokeWidth: circle.width)
    }
    return try Renderer.render(
      CanvasState(width: scene.width, height: scene.height, circles: circles))
  }
}
