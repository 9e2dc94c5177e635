import CircleScript

/// A frame or `render` target whose writing failed after the script had gone on (a frame
/// written on another thread, a `render` whose file a later frame wanted): what is needed to
/// stop the script where a run writing each file before going on would have stopped.
package struct LateFailure: Error, CustomStringConvertible {
  /// Where the output was asked for.
  package var site: OutputSite
  /// Circles on the canvas then.
  package var circleCount: Int
  /// Why it could not be written.
  package var error: any Error

  /// Creates a late failure.
  package init(site: OutputSite, circleCount: Int, error: any Error) {
    self.site = site
    self.circleCount = circleCount
    self.error = error
  }

  /// The error's own description.
  package var description: String { "\(error)" }

  /// The failure the script gives at the output's command, located there as the interpreter
  /// locates an error thrown there, the notes of the loops around it included.
  package var failure: ScriptFailure { site.failureInScript(error) }
}
