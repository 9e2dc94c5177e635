import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// A script host that writes no frames: it answers `expect pixel` by rendering, and writes
/// `render` targets into a folder when it has one.
///
/// The interactive session and `circles history` run scripts through it. A `render` target is
/// written in the format its extension names: `.png`, `.svg` or `.pdf`.
final class CanvasHost: ScriptHost {
  /// Where `render` paths are resolved; `nil` ignores `render` commands.
  var renderDirectory: URL?
  /// The frames produced so far, when `keepsFrames` is set.
  private(set) var frames: [Frame] = []
  /// Whether to remember frames.
  var keepsFrames = false
  private var last: (state: CanvasState, image: PixelImage)?

  init(renderDirectory: URL? = nil) {
    self.renderDirectory = renderDirectory
  }

  func scriptDidProduceFrame(_ frame: Frame) throws {
    if keepsFrames { frames.append(frame) }
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    guard let renderDirectory else { return }
    let url = URL(fileURLWithPath: path, relativeTo: renderDirectory).standardizedFileURL
    try AtomicFile.write(try Self.encode(state, forFileAt: url, image: image(of:)), to: url)
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try image(of: state).colour(atX: x, y: y)
  }

  /// The rendered pixels of a state, the last one kept for the next query.
  func image(of state: CanvasState) throws(RenderError) -> PixelImage {
    if let last, last.state == state { return last.image }
    let image = try Renderer.render(state)
    last = (state, image)
    return image
  }

  /// The bytes of a picture file for a state, by the file's extension.
  ///
  /// - Throws: `FileProblem` for an extension other than `.png`, `.svg` or `.pdf`, or the render
  ///   error.
  static func encode(
    _ state: CanvasState, forFileAt url: URL,
    image: (CanvasState) throws(RenderError) -> PixelImage = { s throws(RenderError) in
      try Renderer.render(s)
    }
  ) throws -> Data {
    switch url.pathExtension.lowercased() {
    case "png": return try PNGCodec.encode(try image(state))
    case "svg": return try VectorRenderer.render(state, as: .svg)
    case "pdf": return try VectorRenderer.render(state, as: .pdf)
    default:
      throw FileProblem("give the file a .png, .svg or .pdf extension")
    }
  }
}
