import CircleScript
import Foundation

/// The outcome of one run.
package struct RunResult: Sendable {
  /// The frames written, in order (frame 0 first): `<name>.png` in the output folder.
  package var frames: [WrittenFrame]
  /// Files written by `render` commands.
  package var renders: [URL]
  /// The failure that stopped the script, if any; the frames before it were written.
  package var failure: ScriptFailure?
  /// Circles on the canvas when the script stopped.
  package var circleCount: Int
  /// The animated image, when one was asked for and written.
  package var animation: WrittenAnimation?
  /// The contact sheet, when one was asked for and written.
  package var sheet: WrittenSheet?
  /// The animation or sheet that could not be written, and why.
  package var outputProblems: [RunError] = []
  /// Files of the user's that stood where frames were written, and the names they are kept
  /// under.
  package var setAside: [SetAsideFile] = []
}
