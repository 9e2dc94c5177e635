import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// A script host that writes no frames of its own: it answers `expect pixel` by rendering,
/// hands frames to a handler, and writes `render` targets into a folder when it has one.
///
/// The interactive session, `circles history` and the frame refresher run scripts through it.
/// A `render` target is written in `renderFormat` when one is set (its extension replaced),
/// else in the format its extension names (`.png`, `.svg`, `.pdf`); a target that already holds
/// the same bytes is left alone.
final class CanvasHost: ScriptHost {
  /// Where `render` paths are resolved; `nil` ignores `render` commands.
  var renderDirectory: URL?
  /// The format of `render` targets; `nil` goes by each target's extension.
  var renderFormat: FrameFormat?
  /// Called with every frame as the script produces it; an error stops the script.
  var onFrame: ((Frame) throws -> Void)?
  /// Whether to remember frames.
  var keepsFrames = false
  /// The frames produced so far, when `keepsFrames` is set.
  private(set) var frames: [Frame] = []
  /// The `render` files written.
  private(set) var renders: [URL] = []
  /// Repaints only what changed from one state to the next.
  private let renderer = IncrementalRenderer()

  init(renderDirectory: URL? = nil) {
    self.renderDirectory = renderDirectory
  }

  func scriptDidProduceFrame(_ frame: Frame) throws {
    try onFrame?(frame)
    if keepsFrames { frames.append(frame) }
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {
    guard let renderDirectory else { return }
    var url = URL(fileURLWithPath: path, relativeTo: renderDirectory).standardizedFileURL
    let format: FrameFormat
    if let renderFormat {
      format = renderFormat
      url = url.deletingPathExtension().appendingPathExtension(format.fileExtension)
    } else {
      guard let named = FrameFormat(fileExtensionOf: url) else {
        throw FileProblem("give the file a .png, .svg or .pdf extension")
      }
      format = named
    }
    try ChangedFile.write(try format.encode(state, image: image(of:)), to: url)
    renders.append(url)
  }

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try renderer.pixel(of: state, x: x, y: y)
  }

  /// The rendered pixels of a state, drawn from the last state asked for.
  func image(of state: CanvasState) throws(RenderError) -> PixelImage {
    try renderer.image(of: state)
  }
}
