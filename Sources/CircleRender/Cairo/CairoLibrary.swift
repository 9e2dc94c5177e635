import CCairoLoader

/// Cairo is loaded the first time something is drawn or decoded through it, not when the
/// program starts: commands that draw nothing start without Cairo's two dozen libraries.
enum CairoLibrary {
  /// Loads Cairo unless it is loaded already.
  ///
  /// - Throws: `RenderError.cairoUnavailable` when the library cannot be found or lacks a
  ///   function circles uses.
  static func load() throws(RenderError) {
    if let failure = circles_cairo_load() {
      throw .cairoUnavailable(reason: String(cString: failure))
    }
  }
}
