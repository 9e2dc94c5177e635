internal import CCairo
import CircleCanvas
import CircleSystem
import Foundation

/// Draws a sequence of canvas states on one Cairo surface, repainting only what changed.
///
/// Each `update(to:)` compares the new state with the one drawn last (`CanvasDamage`): when
/// only some circles changed, it clears the rectangle their old and new pixels cover, paints
/// the background there and redraws, clipped to it, the circles that reach into it. Undo and
/// redo are changes like any other. A different size, scale or background, or damage over most
/// of the picture, draws everything again. The pixels are those `Renderer.render` gives for
/// the same state.
package final class IncrementalRenderer {
  /// How the renderer has drawn so far.
  package struct Statistics: Hashable, Sendable {
    /// States drawn from scratch.
    package var fullRedraws = 0
    /// States drawn by repainting a rectangle.
    package var partialRepaints = 0
    /// States that needed no drawing (the same picture as the one before).
    package var unchanged = 0
    /// States that only added circles on top, drawn over the picture before.
    package var appends = 0
  }

  private var surface: CairoSurface?
  private var context: CairoContext?
  private var drawn: CanvasState?
  /// Where repaints are drawn before their rectangle is copied in.
  private var scratch: CairoContext?
  /// The second thread's scratch surface when a full drawing is split in two.
  private var secondScratch: CairoContext?
  /// Above this share of the image, a repaint draws everything instead.
  private let fullRedrawShare = 0.6
  /// What the renderer has done so far.
  package private(set) var statistics = Statistics()
  /// The pixels changed since `takeDamage()` was last called.
  private var damage = PixelRect.empty

  /// Creates a renderer with nothing drawn yet.
  package init() {}

  /// The state whose picture the surface holds, if any.
  package var state: CanvasState? { drawn }

  /// Brings the picture to `state`.
  ///
  /// - Throws: as `Renderer.render` does, for a size or scale out of range or a Cairo failure;
  ///   the renderer then starts from scratch next time.
  package func update(to state: CanvasState) throws(RenderError) {
    if let drawn, let added = appended(from: drawn, to: state),
      added.count < 64
        || !splitsRedraw(state, width: state.pixelWidth, height: state.pixelHeight)
    {
      // Circles added on top are drawn over the last picture, as a full drawing draws them
      // after the others: the same operations on the same pixels. (Many new circles on a large
      // picture are drawn faster as a full drawing on two threads.)
      let bounds = DeviceBounds(width: Double(state.pixelWidth), height: Double(state.pixelHeight))
      let image = PixelRect(minX: 0, minY: 0, maxX: state.pixelWidth, maxY: state.pixelHeight)
      for circle in added {
        Renderer.draw(circle, scale: state.scale, bounds: bounds, in: context!)
        damage = damage.union(CanvasDamage.box(of: circle, in: state, image: image) ?? image)
      }
      do {
        try context!.check("draw the canvas")
      } catch {
        forget()
        throw error
      }
      statistics.appends += 1
      if state.sharesLineage(with: drawn) {
        // Catch up by the new circles alone: the renderer keeps no hold on the state's storage,
        // so the canvas adds its next circle in place instead of copying all of them.
        self.drawn!.appendKeepingLineage(added)
      } else {
        self.drawn = state.withOwnStorage()
      }
      return
    }
    let change: CanvasDamage = drawn.map { CanvasDamage.between($0, state) } ?? .everything
    do {
      switch change {
      case .none:
        statistics.unchanged += 1
      case .region(let rect)
      where Double(rect.area) < fullRedrawShare * Double(state.pixelWidth * state.pixelHeight):
        try repaint(rect, of: state)
        damage = damage.union(rect)
        statistics.partialRepaints += 1
      case .region, .everything:
        try redraw(state)
        damage = PixelRect(minX: 0, minY: 0, maxX: state.pixelWidth, maxY: state.pixelHeight)
        statistics.fullRedraws += 1
      }
    } catch {
      forget()
      throw error
    }
    drawn = state.withOwnStorage()
  }

  /// The rectangle of pixels that may have changed since the last call (the whole picture the
  /// first time), and starts counting afresh.
  ///
  /// Every update adds what it repainted, so a caller that looks at the picture once per frame
  /// while others also update the renderer learns what changed between its looks. Pixels
  /// outside the rectangle are those it saw last time; inside, some may be too.
  package func takeDamage() -> PixelRect {
    defer { damage = .empty }
    return damage
  }

  /// Drops the picture, so the next update draws from scratch.
  private func forget() {
    drawn = nil
    surface = nil
    context = nil
    scratch = nil
    secondScratch = nil
  }

  /// The circles `new` adds on top of `old` when that is its only change, and the surface is
  /// in the state a full drawing would have before them (not known to Cairo as clear).
  private func appended(from old: CanvasState, to new: CanvasState) -> ArraySlice<Circle>? {
    guard context != nil, old.width == new.width, old.height == new.height,
      old.scale == new.scale, old.background == new.background,
      new.circles.count > old.circles.count, new.circlesBegin(with: old)
    else { return nil }
    if new.background.isInvisible {
      let bounds = DeviceBounds(width: Double(new.pixelWidth), height: Double(new.pixelHeight))
      guard old.circles.contains(where: { Renderer.paints($0, scale: old.scale, bounds: bounds) })
      else { return nil }
    }
    return new.circles[old.circles.count...]
  }

  /// The picture of `state`: brings the surface to it and copies its pixels.
  package func image(of state: CanvasState) throws(RenderError) -> PixelImage {
    try update(to: state)
    return surface!.pixelImage()
  }

  /// The surface holding the current picture, for reading in place.
  var surfaceForReading: CairoSurface? { surface }

  /// The straight-alpha colour of one pixel of the current picture; `nil` before the first
  /// update or outside the image.
  package func colour(atX x: Int, y: Int) -> Colour? {
    guard let surface, x >= 0, y >= 0, x < surface.width, y < surface.height else { return nil }
    cairo_surface_flush(surface.pointer)
    let stride = Int(cairo_image_surface_get_stride(surface.pointer))
    let base = UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!)
    return PixelImage.straight(base.load(fromByteOffset: y * stride + x * 4, as: UInt32.self))
  }

  /// Encodes the current picture straight from the surface, without copying it first.
  ///
  /// - Throws: `RenderError.emptyImage` before the first update.
  package func encodePNG(compression: PNGCompression = .default) throws(RenderError) -> Data {
    guard let surface else { throw .emptyImage(width: 0, height: 0) }
    cairo_surface_flush(surface.pointer)
    let layout = PixelLayout(
      base: UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!),
      width: surface.width, height: surface.height,
      stride: Int(cairo_image_surface_get_stride(surface.pointer)))
    return try PNGWriter.encode(layout, settings: compression.settings)
  }

  /// Draws everything, on a new surface when the size changed.
  private func redraw(_ state: CanvasState) throws(RenderError) {
    let (width, height) = try Renderer.pixelSize(of: state)
    if surface?.width != width || surface?.height != height || context == nil {
      let newSurface = try CairoSurface(width: width, height: height)
      context = try CairoContext(newSurface)
      surface = newSurface
    }
    if splitsRedraw(state, width: width, height: height) {
      try redrawInHalves(state)
    } else {
      try clearAndPaint(state)
    }
  }

  /// Draws the rectangle's pixels afresh on a scratch surface of the image's size, then copies
  /// them in.
  ///
  /// Only the background of the rectangle is repainted there, and only the circles that reach
  /// into it are drawn, each whole and unclipped, exactly as a full drawing draws it: Cairo
  /// picks its compositing path by the shape, the clip and the surface's size, and a clip or a
  /// smaller surface would round some edge pixels differently.
  private func repaint(_ rect: PixelRect, of state: CanvasState) throws(RenderError) {
    guard let surface else { return }
    scratch = try scratchContext(scratch, like: surface)
    try Self.drawPatch(rect, of: state, on: scratch!)
    copy(rect, from: scratch!)
  }

  /// Draws everything as two halves on two threads, each half on its own surface.
  private func redrawInHalves(_ state: CanvasState) throws(RenderError) {
    guard let surface else { return }
    scratch = try scratchContext(scratch, like: surface)
    secondScratch = try scratchContext(secondScratch, like: surface)
    let middle = surface.height / 2
    let halves = [
      PixelRect(minX: 0, minY: 0, maxX: surface.width, maxY: middle),
      PixelRect(minX: 0, minY: middle, maxX: surface.width, maxY: surface.height),
    ]
    // Each context is used by its own thread alone.
    nonisolated(unsafe) let jobs = [scratch!, secondScratch!]
    let failures = Locked([RenderError?](repeating: nil, count: 2))
    WorkerThreads.shared.perform(iterations: 2) { index in
      do throws(RenderError) {
        try Self.drawPatch(halves[index], of: state, on: jobs[index])
      } catch {
        failures.withLock { $0[index] = error }
      }
    }
    if let failure = failures.withLock({ $0.compactMap { $0 }.first }) { throw failure }
    copy(halves[0], from: scratch!)
    copy(halves[1], from: secondScratch!)
  }

  /// Whether a full drawing is worth splitting between two threads: many circles on a large
  /// picture, and a processor that is free now. (Each half draws the circles crossing the
  /// middle too, so on a machine whose processors are busy with other work the split costs
  /// more than it gains.)
  private func splitsRedraw(_ state: CanvasState, width: Int, height: Int) -> Bool {
    let processors = ProcessInfo.processInfo.activeProcessorCount
    guard processors > 1, state.circles.count >= 64, width * height >= 160_000,
      width * height <= 4096 * 4096, height >= 64
    else { return false }
    if splitsWhenBusy { return true }
    return MachineLoad.hasFreeProcessor(processors: processors)
  }

  /// Splits large full drawings even when the processors are busy (for tests: the pixels are
  /// the same either way).
  var splitsWhenBusy = false

  private func scratchContext(
    _ existing: CairoContext?, like surface: CairoSurface
  ) throws(RenderError) -> CairoContext {
    if let existing, existing.surface.width == surface.width,
      existing.surface.height == surface.height
    {
      return existing
    }
    return try CairoContext(CairoSurface(width: surface.width, height: surface.height))
  }

  /// Clears a rectangle of a scratch surface and draws the rectangle's picture there.
  private static func drawPatch(
    _ rect: PixelRect, of state: CanvasState, on patch: CairoContext
  ) throws(RenderError) {
    let cr = patch.pointer
    cairo_save(cr)
    if state.background.isInvisible {
      // Cairo composites the first paint on a surface it knows to be clear by another path:
      // clear it all, as a full drawing starts, so the first circle takes the same path.
      cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
      cairo_paint(cr)
    } else {
      cairo_rectangle(
        cr, Double(rect.minX), Double(rect.minY), Double(rect.maxX - rect.minX),
        Double(rect.maxY - rect.minY))
      cairo_clip(cr)
      cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
      cairo_paint(cr)
    }
    cairo_restore(cr)
    try paint(
      state, on: patch, size: (patch.surface.width, patch.surface.height), culling: rect)
    cairo_surface_flush(patch.surface.pointer)
  }

  /// Copies a rectangle of a scratch surface into the picture.
  private func copy(_ rect: PixelRect, from patch: CairoContext) {
    guard let surface, !rect.isEmpty else { return }
    cairo_surface_flush(surface.pointer)
    let from = UnsafeRawPointer(cairo_image_surface_get_data(patch.surface.pointer)!)
    let to = UnsafeMutableRawPointer(cairo_image_surface_get_data(surface.pointer)!)
    let stride = Int(cairo_image_surface_get_stride(surface.pointer))
    let width = rect.maxX - rect.minX
    for row in rect.minY..<rect.maxY {
      let offset = row * stride + rect.minX * 4
      (to + offset).copyMemory(from: from + offset, byteCount: width * 4)
    }
    cairo_surface_mark_dirty_rectangle(
      surface.pointer, Int32(rect.minX), Int32(rect.minY), Int32(width),
      Int32(rect.maxY - rect.minY))
  }

  private func clearAndPaint(_ state: CanvasState) throws(RenderError) {
    guard let context, let surface else { return }
    let cr = context.pointer
    cairo_save(cr)
    cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
    cairo_paint(cr)
    cairo_restore(cr)
    try Self.paint(state, on: context, size: (surface.width, surface.height), culling: nil)
  }

  /// Paints the background and the circles on a clear surface; with `culling`, only the
  /// background inside it and the circles reaching into it.
  private static func paint(
    _ state: CanvasState, on context: CairoContext, size: (width: Int, height: Int),
    culling: PixelRect?
  ) throws(RenderError) {
    let cr = context.pointer
    if !state.background.isInvisible {
      cairo_save(cr)
      if let culling {
        cairo_rectangle(
          cr, Double(culling.minX), Double(culling.minY), Double(culling.maxX - culling.minX),
          Double(culling.maxY - culling.minY))
        cairo_clip(cr)
      }
      context.setSource(state.background)
      cairo_paint(cr)
      cairo_restore(cr)
    }
    let bounds = DeviceBounds(width: Double(size.width), height: Double(size.height))
    let image = PixelRect(minX: 0, minY: 0, maxX: size.width, maxY: size.height)
    // On a transparent background the first circle painted meets a clear surface, and is
    // drawn even when culled (see `repaint`).
    var first = state.background.isInvisible
    for circle in state.circles {
      if let culling, !first {
        let box = CanvasDamage.box(of: circle, in: state, image: image)
        if let box, !box.intersects(culling) { continue }
      }
      if first, Renderer.paints(circle, scale: state.scale, bounds: bounds) { first = false }
      Renderer.draw(circle, scale: state.scale, bounds: bounds, in: context)
    }
    try context.check("draw the canvas")
  }
}
