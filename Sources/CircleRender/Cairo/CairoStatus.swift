internal import CCairo

extension cairo_status_t {
  /// Cairo's explanation of the status as a lower-case phrase without a trailing period.
  var reason: String {
    var text = String(cString: cairo_status_to_string(self))
    while text.last == "." { text.removeLast() }
    return text.prefix(1).lowercased() + text.dropFirst()
  }

  /// Whether the status reports success.
  var isSuccess: Bool { self == CAIRO_STATUS_SUCCESS }
}

extension RenderError {
  /// The error for a Cairo status other than success: `.outOfMemory` when Cairo ran out of
  /// memory doing `operation`, else `.cairo` with Cairo's reason.
  init(_ status: cairo_status_t, _ operation: String) {
    self =
      status == CAIRO_STATUS_NO_MEMORY
      ? .outOfMemory(operation: operation) : .cairo(operation: operation, reason: status.reason)
  }

  /// Turns a Cairo status into an error, or returns when it is a success.
  static func check(_ status: cairo_status_t, _ operation: String) throws(RenderError) {
    guard !status.isSuccess else { return }
    throw RenderError(status, operation)
  }
}
