import CircleScript

/// Why `HistoryViewer.write(_:to:)` wrote no page.
package enum ViewerError: Error, CustomStringConvertible {
  /// The script has a syntax error, or failed before its first state: there is nothing to show.
  case script(ScriptFailure)
  /// The page could not be written: the system's reason (`permission denied`, `is a folder`).
  case cannotWrite(reason: String)

  package var description: String {
    switch self {
    case .script(let failure): failure.diagnostic.message
    case .cannotWrite(let reason): "cannot write the page: \(reason)"
    }
  }
}
