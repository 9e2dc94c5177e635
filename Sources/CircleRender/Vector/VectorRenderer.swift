internal import CCairo
import CircleCanvas
import Foundation

/// Draws canvas states as SVG or PDF documents through Cairo's own vector surfaces.
///
/// The geometry and colours are those of `Renderer`: the document is the canvas in points
/// (`width × height`, origin top left), each circle an arc filled and stroked, a translucent
/// circle a faded group. The canvas scale, which only sets the pixels of a PNG, is not applied.
/// Documents carry no creation date, so the same states always give the same bytes.
public enum VectorRenderer {
  /// Draws one canvas state as an SVG document whose units are points.
  ///
  /// - Parameter state: the canvas to draw.
  /// - Returns: the whole document.
  /// - Throws: `RenderError.emptyImage` for a side below 1 point, `.imageTooLarge` above 16384,
  ///   `.cairo` when Cairo fails.
  public static func svg(_ state: CanvasState) throws(RenderError) -> Data {
    try checkSize(state)
    let stream = VectorStream()
    let surface = cairo_svg_surface_create_for_stream(
      VectorStream.write, stream.closure, Double(state.width), Double(state.height))!
    cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PT)
    try draw([state], on: surface, resizing: nil)
    return withExtendedLifetime(stream) { renumberingSurfaces(in: stream.data) }
  }

  /// Draws canvas states as the pages of one PDF document, in order, each page the size of its
  /// canvas.
  ///
  /// - Parameter pages: the states, at least one.
  /// - Returns: the whole document.
  /// - Throws: as `svg(_:)`; `.emptyImage` when `pages` is empty.
  public static func pdf(pages: [CanvasState]) throws(RenderError) -> Data {
    guard let first = pages.first else { throw .emptyImage(width: 0, height: 0) }
    for page in pages { try checkSize(page) }
    let stream = VectorStream()
    let surface = cairo_pdf_surface_create_for_stream(
      VectorStream.write, stream.closure, Double(first.width), Double(first.height))!
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "circles")
    try draw(pages, on: surface) { state in
      cairo_pdf_surface_set_size(surface, Double(state.width), Double(state.height))
    }
    return withExtendedLifetime(stream) { stream.data }
  }

  /// Draws each state on its own page of a stream surface, then finishes and destroys it.
  private static func draw(
    _ states: [CanvasState], on surface: OpaquePointer, resizing: ((CanvasState) -> Void)?
  ) throws(RenderError) {
    defer { cairo_surface_destroy(surface) }
    try RenderError.check(cairo_surface_status(surface), "create a vector surface")
    for state in states {
      resizing?(state)
      let cr = cairo_create(surface)!
      // Arcs become Bézier curves within this distance (in points) of the true circle, fine
      // enough for any zoom a viewer offers; Cairo's default would allow a tenth of a point.
      cairo_set_tolerance(cr, 0.001)
      VectorDrawing.draw(state, in: cr)
      if states.count > 1 { cairo_show_page(cr) }
      let status = cairo_status(cr)
      cairo_destroy(cr)
      try RenderError.check(status, "draw the canvas")
    }
    cairo_surface_finish(surface)
    try RenderError.check(cairo_surface_status(surface), "finish the document")
  }

  /// Cairo names the groups of an SVG after surface serial numbers that grow for the whole
  /// process; numbering them from 1 in order of appearance makes equal pictures equal bytes.
  static func renumberingSurfaces(in data: Data) -> Data {
    let text = String(decoding: data, as: UTF8.self)
    guard let pattern = try? NSRegularExpression(pattern: "\\b(surface|source)([0-9]+)\\b") else {
      return data
    }
    var numbers: [String: Int] = [:]
    var result = ""
    var last = text.startIndex
    for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      guard let whole = Range(match.range, in: text), let kind = Range(match.range(at: 1), in: text)
      else { continue }
      let key = String(text[whole])
      let number = numbers[key] ?? (numbers.count + 1)
      numbers[key] = number
      result += text[last..<whole.lowerBound] + text[kind] + String(number)
      last = whole.upperBound
    }
    result += text[last...]
    return Data(result.utf8)
  }

  private static func checkSize(_ state: CanvasState) throws(RenderError) {
    guard state.width > 0, state.height > 0 else {
      throw .emptyImage(width: state.width, height: state.height)
    }
    guard state.width <= 16384, state.height <= 16384 else {
      throw .imageTooLarge(width: state.width, height: state.height)
    }
  }
}
