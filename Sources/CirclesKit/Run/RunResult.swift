import CircleScript
import Foundation

/// The outcome of one run.
public struct RunResult: Sendable {
  /// The frames written, in order (frame 0 first): `<name>.png` in the output folder.
  public var frames: [WrittenFrame]
  /// Files written by `render` commands.
  public var renders: [URL]
  /// The failure that stopped the script, if any; the frames before it were written.
  public var failure: ScriptFailure?
  /// Circles on the canvas when the script stopped.
  public var circleCount: Int
  /// The animated image, when one was asked for and written.
  public var animation: WrittenAnimation?
  /// The contact sheet, when one was asked for and written.
  public var sheet: WrittenSheet?
  /// The animation or sheet that could not be written, and why.
  public var outputProblems: [RunError] = []
  /// Files of the user's that stood where frames were written, and the names they are kept
  /// under.
  public var setAside: [SetAsideFile] = []
}
