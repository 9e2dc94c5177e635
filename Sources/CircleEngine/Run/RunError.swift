import CircleScript

/// What went wrong while running a script, other than inside the script's own logic.
package enum RunError: Error, CustomStringConvertible {
  /// The script could not be read.
  case cannotRead(path: String, reason: String)
  /// The output folder, circles' own file in it, or an output of the run other than its frames
  /// (the animation, the contact sheet) could not be written (exit 2).
  case cannotWrite(path: String, reason: String)
  /// The script failed: a syntax or run error (exit 2) or a failed `expect` (exit 1).
  case script(ScriptFailure)

  package var description: String {
    switch self {
    case .cannotRead(let path, let reason): "cannot read '\(path)': \(reason)"
    case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
    case .script(let failure): failure.diagnostic.message
    }
  }
}
