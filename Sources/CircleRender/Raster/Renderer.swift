internal import CCairo
import CircleCanvas

/// Draws canvas states into pixel images through Cairo.
///
/// The picture follows docs/language.md, "Commands": the background is painted first (a transparent background
/// leaves the image clear); then each circle, back to front, is filled with its fill colour and
/// stroked with its stroke colour, the stroke centred on the edge. A circle whose opacity is
/// below 1 is drawn as a layer, fill and stroke together, then faded, so the stroke does not
/// show the fill through it. Antialiasing is Cairo's default.
public enum Renderer {
  /// Renders a canvas state into an ARGB32 image of `pixelWidth × pixelHeight` pixels.
  ///
  /// - Parameter state: the canvas to draw; coordinates are in points and are multiplied by the
  ///   state's scale.
  /// - Returns: the rendered image, premultiplied ARGB32.
  /// - Throws: `RenderError.invalidScale` for a scale that is not positive and finite,
  ///   `.emptyImage` or `.imageTooLarge` for a size out of 1…16384 pixels a side, and
  ///   `.outOfMemory` when Cairo cannot allocate the picture.
  public static func render(_ state: CanvasState) throws(RenderError) -> PixelImage {
    let (width, height) = try pixelSize(of: state)
    let surface = try CairoSurface(width: width, height: height)
    let context = try CairoContext(surface)
    if !state.background.isInvisible {
      context.setSource(state.background)
      cairo_paint(context.pointer)
    }
    let bounds = DeviceBounds(width: Double(width), height: Double(height))
    for circle in state.circles {
      draw(circle, scale: state.scale, bounds: bounds, in: context)
    }
    try context.check("draw the canvas")
    return surface.pixelImage()
  }

  /// The image size for a state, checked against the limits before any work.
  static func pixelSize(of state: CanvasState) throws(RenderError) -> (Int, Int) {
    guard state.scale.isFinite, state.scale > 0 else { throw .invalidScale(state.scale) }
    guard state.width > 0, state.height > 0 else {
      throw .emptyImage(width: state.width, height: state.height)
    }
    let width = state.pixelWidth
    let height = state.pixelHeight
    guard width <= CairoSurface.maximumSide, height <= CairoSurface.maximumSide else {
      throw .imageTooLarge(width: width, height: height)
    }
    return (width, height)
  }

  /// Whether `draw` paints anything for the circle: it is visible and reaches the image.
  static func paints(_ circle: Circle, scale: Double, bounds: DeviceBounds) -> Bool {
    deviceShape(of: circle, scale: scale, bounds: bounds) != nil
  }

  /// The circle in device (pixel) coordinates, stroke included; `nil` when it paints nothing
  /// or does not reach the image.
  private static func deviceShape(
    of circle: Circle, scale: Double, bounds: DeviceBounds
  ) -> DeviceCircle? {
    guard circle.isDrawn else { return nil }
    let shape = DeviceCircle(
      x: circle.center.x * scale, y: circle.center.y * scale, radius: circle.radius * scale,
      halfWidth: circle.showsStroke ? circle.strokeWidth * scale / 2 : 0)
    guard shape.x.isFinite, shape.y.isFinite, bounds.touches(shape) else { return nil }
    return shape
  }

  /// Draws one circle in device (pixel) coordinates, or nothing when it cannot be seen.
  static func draw(
    _ circle: Circle, scale: Double, bounds: DeviceBounds, in context: CairoContext
  ) {
    guard let shape = deviceShape(of: circle, scale: scale, bounds: bounds) else { return }
    let showsFill = circle.showsFill
    let showsStroke = circle.showsStroke

    let cr = context.pointer
    let layered = circle.opacity < 1
    if layered {
      // The layer only needs the circle's pixels: clipping to them keeps it small.
      cairo_save(cr)
      let box = bounds.pixelBox(around: shape)
      cairo_rectangle(cr, box.x, box.y, box.width, box.height)
      cairo_clip(cr)
      cairo_push_group(cr)
    }
    if bounds.canDrawDirectly(shape) {
      cairo_new_path(cr)
      cairo_arc(cr, shape.x, shape.y, shape.radius, 0, 2 * Double.pi)
      if showsFill {
        context.setSource(circle.fill)
        cairo_fill_preserve(cr)
      }
      if showsStroke {
        context.setSource(circle.stroke)
        cairo_set_line_width(cr, shape.halfWidth * 2)
        cairo_stroke_preserve(cr)
      }
      cairo_new_path(cr)
    } else {
      drawClipped(
        shape, fill: showsFill ? circle.fill : nil,
        stroke: showsStroke ? circle.stroke : nil, bounds: bounds, in: context)
    }
    if layered {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, circle.opacity)
      cairo_restore(cr)
    }
  }
}
