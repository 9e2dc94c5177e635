import CircleCanvas
import CircleEngine
import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// What the interactive session makes of the states its engine reaches: no frame is written,
/// and `render` targets are written beneath the session's folder while it has one.
///
/// A target is written in the format its extension names (`.png`, `.svg`, `.pdf`); one that
/// already holds the same bytes is left alone. Targets are held to the rules of `RenderPath`
/// and written beneath the folder only (`FolderHandle`).
final class ReplRenders: FrameConsumer {
  /// Where `render` paths are resolved; `nil` skips `render` commands.
  var directory: URL?

  init(directory: URL?) {
    self.directory = directory
  }

  func consume(_ frame: EngineFrame) throws {}

  func consume(_ render: EngineRender) throws {
    guard let directory else { return }
    let last = render.path.split(separator: "/").last.map(String.init) ?? ""
    guard let format = FrameFormat(fileExtensionOf: URL(fileURLWithPath: last)) else {
      throw FileError(reason: "give the file a .png, .svg or .pdf extension")
    }
    let target = try RenderPath(render.path, fileExtension: format.fileExtension)
    let data = try render.encoded(as: format).bytes()
    do {
      let folder = try FolderHandle(opening: directory, displayPath: ".", creating: false)
        .folder(at: target.folder, creating: true)
      try ChangedFile.write(data, named: target.name, in: folder)
    } catch {
      throw FileError(reason: FileError.reason(of: error))
    }
  }
}
