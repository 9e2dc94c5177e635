internal import CCairo

/// The version of the Cairo library circles runs with, such as `1.16.0`.
package var cairoVersionString: String {
  String(cString: cairo_version_string())
}
