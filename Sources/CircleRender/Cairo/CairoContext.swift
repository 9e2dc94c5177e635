internal import CCairo
import CircleCanvas

/// A Cairo drawing context on a surface, owned: destroyed when the object goes away.
final class CairoContext {
  let pointer: OpaquePointer
  /// Keeps the target alive as long as the context draws on it.
  let surface: CairoSurface

  /// Creates a context that draws on `surface`.
  init(_ surface: CairoSurface) throws(RenderError) {
    let context = cairo_create(surface.pointer)!
    let status = cairo_status(context)
    guard status.isSuccess else {
      cairo_destroy(context)
      throw RenderError(status, "create a drawing context")
    }
    self.pointer = context
    self.surface = surface
  }

  deinit {
    cairo_destroy(pointer)
  }

  /// Throws when the context has entered an error state.
  func check(_ operation: String) throws(RenderError) {
    try RenderError.check(cairo_status(pointer), operation)
  }

  /// Makes a straight-alpha colour the current source.
  func setSource(_ colour: Colour) {
    cairo_set_source_rgba(
      pointer, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255,
      Double(colour.alpha) / 255)
  }
}
