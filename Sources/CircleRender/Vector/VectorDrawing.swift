internal import CCairo
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
  /// Points of box beyond each canvas edge when a huge circle is cut to the canvas.
  static let clipMargin = 16.0

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
    guard circle.isDrawn else { return }
    let showsFill = circle.showsFill
    let showsStroke = circle.showsStroke
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
      // A huge circle: drawn as its intersection with a box a little larger than the canvas,
      // as the pixel renderer does, so no path point is far away.
      let box = ClipBox(
        minX: -clipMargin, minY: -clipMargin, maxX: width + clipMargin, maxY: height + clipMargin)
      if showsFill {
        cairo_new_path(cr)
        Renderer.addDisc(x: x, y: y, radius: circle.radius, clippedTo: box, in: cr)
        setSource(circle.fill, in: cr)
        cairo_fill(cr)
      }
      if showsStroke {
        cairo_new_path(cr)
        Renderer.addDisc(x: x, y: y, radius: reach, clippedTo: box, in: cr)
        if circle.radius - half > 0 {
          Renderer.addDisc(x: x, y: y, radius: circle.radius - half, clippedTo: box, in: cr)
        }
        setSource(circle.stroke, in: cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_fill(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
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
}
