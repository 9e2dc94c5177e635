import CCairo
import CircleCanvas

/// Draws a canvas state as paths in the current user space of a Cairo context, in points.
///
/// Used where the output is not a fixed pixel grid: vector documents and the scaled thumbnails of
/// a contact sheet. The picture follows the same rules as `Renderer`: background, then each circle
/// filled and stroked, a translucent circle drawn as a faded layer.
enum VectorDrawing {
  /// Beyond this magnitude (in points) a path is not handed to Cairo as an arc: Cairo keeps
  /// coordinates in fixed point, and huge arcs lose their shape.
  static let safeMagnitude = 1_000_000.0

  /// Paints the background over the canvas rectangle and draws every circle, clipped to it.
  static func draw(_ state: CanvasState, in cr: OpaquePointer) {
    let width = Double(state.width)
    let height = Double(state.height)
    cairo_save(cr)
    cairo_rectangle(cr, 0, 0, width, height)
    cairo_clip(cr)
    if !state.background.isInvisible {
      setSource(state.background, in: cr)
      cairo_paint(cr)
    }
    for circle in state.circles {
      draw(circle, width: width, height: height, in: cr)
    }
    cairo_restore(cr)
  }

  /// Draws one circle, or nothing when none of it can be seen on a `width × height` canvas.
  static func draw(_ circle: Circle, width: Double, height: Double, in cr: OpaquePointer) {
    let showsFill = !circle.fill.isInvisible
    let showsStroke =
      !circle.stroke.isInvisible && circle.strokeWidth > 0 && circle.strokeWidth.isFinite
    guard circle.radius > 0, circle.radius.isFinite, circle.opacity > 0,
      showsFill || showsStroke
    else { return }
    let x = circle.center.x
    let y = circle.center.y
    let half = showsStroke ? circle.strokeWidth / 2 : 0
    let reach = circle.radius + half
    guard x + reach > 0, x - reach < width, y + reach > 0, y - reach < height else { return }

    let layered = circle.opacity < 1
    if layered { cairo_push_group(cr) }
    if abs(x) + reach < safeMagnitude, abs(y) + reach < safeMagnitude {
      cairo_new_path(cr)
      cairo_arc(cr, x, y, circle.radius, 0, 2 * Double.pi)
      if showsFill {
        setSource(circle.fill, in: cr)
        cairo_fill_preserve(cr)
      }
      if showsStroke {
        setSource(circle.stroke, in: cr)
        cairo_set_line_width(cr, circle.strokeWidth)
        cairo_stroke_preserve(cr)
      }
      cairo_new_path(cr)
    } else {
      // A huge circle: whatever part of it covers the whole canvas is painted as a rectangle.
      let farthest = farthestCornerDistance(x: x, y: y, width: width, height: height)
      let nearest = nearestDistance(x: x, y: y, width: width, height: height)
      if showsFill, farthest <= circle.radius {
        setSource(circle.fill, in: cr)
        cairo_paint(cr)
      }
      if showsStroke, farthest <= reach, nearest >= circle.radius - half {
        setSource(circle.stroke, in: cr)
        cairo_paint(cr)
      }
    }
    if layered {
      cairo_pop_group_to_source(cr)
      cairo_paint_with_alpha(cr, circle.opacity)
    }
  }

  /// Makes a straight-alpha colour the current source.
  static func setSource(_ colour: Colour, in cr: OpaquePointer) {
    cairo_set_source_rgba(
      cr, Double(colour.red) / 255, Double(colour.green) / 255, Double(colour.blue) / 255,
      Double(colour.alpha) / 255)
  }

  private static func farthestCornerDistance(
    x: Double, y: Double, width: Double, height: Double
  ) -> Double {
    let dx = max(abs(x), abs(x - width))
    let dy = max(abs(y), abs(y - height))
    return (dx * dx + dy * dy).squareRoot()
  }

  private static func nearestDistance(x: Double, y: Double, width: Double, height: Double)
    -> Double
  {
    let dx = max(0, max(-x, x - width))
    let dy = max(0, max(-y, y - height))
    return (dx * dx + dy * dy).squareRoot()
  }
}
