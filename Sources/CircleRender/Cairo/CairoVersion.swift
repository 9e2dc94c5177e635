import CCairo

/// The version of the Cairo library loaded at run time, such as `1.16.0`; `unavailable` when
/// Cairo cannot be loaded.
public var cairoVersionString: String {
  guard (try? CairoLibrary.load()) != nil else { return "unavailable" }
  return String(cString: cairo_version_string())
}
