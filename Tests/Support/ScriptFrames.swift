import CircleEngine
import CircleScript
import Foundation

/// Every frame a script makes, as the frame engine hands them to its consumers: the reference
/// the viewer's tests compare pages with.
public enum ScriptFrames {
  /// The frames of a script, in order, up to the error that stops it, if any.
  ///
  /// - Throws: the script's syntax error.
  public static func of(_ text: String, fileName: String = "scene.circles") throws -> [Frame] {
    let script = try ScriptSource(bytes: Array(text.utf8), fileName: fileName).parsed()
    let list = FrameList()
    _ = FrameEngine(consumer: list).run(script)
    return list.frames
  }

  private final class FrameList: FrameConsumer {
    var frames: [Frame] = []
    func consume(_ frame: EngineFrame) throws { frames.append(frame.frame) }
    func consume(_ render: EngineRender) throws {}
  }
}
