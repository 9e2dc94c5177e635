internal import CCairo
import Foundation

/// The picture an animation shows at its latest frame: the renderer's picture, with an outline
/// around the change when the frame carries one.
///
/// Each update compares only what can have changed (the renderer's damage, the outline shown
/// before and the one to show now) and returns the smallest rectangle whose pixels differ from
/// the frame before: what the animation stores for the frame.
final class AnimationPicture {
  let width: Int
  let height: Int
  /// Premultiplied ARGB32, rows `width` pixels apart.
  let pixels: UnsafeMutablePointer<UInt32>
  /// Where the outline shown now lies, if any.
  private var shownOutline = PixelRect.empty
  /// The new content of the rectangle being compared, reused from frame to frame.
  private var scratch: [UInt32] = []

  /// A transparent picture.
  ///
  /// - Throws: `RenderError.outOfMemory` when its memory cannot be had.
  init(width: Int, height: Int) throws(RenderError) {
    self.width = width
    self.height = height
    guard let memory = calloc(max(1, width * height), MemoryLayout<UInt32>.stride) else {
      throw .outOfMemory(operation: "animate a \(width)×\(height) canvas")
    }
    pixels = memory.assumingMemoryBound(to: UInt32.self)
  }

  deinit { free(pixels) }

  /// The whole picture.
  var bounds: PixelRect { PixelRect(minX: 0, minY: 0, maxX: width, maxY: height) }

  /// The picture as a layout the PNG encoder reads, limited to `rect`.
  func layout(of rect: PixelRect) -> PixelLayout {
    PixelLayout(
      base: UnsafeRawPointer(pixels + rect.minY * width + rect.minX), width: rect.maxX - rect.minX,
      height: rect.maxY - rect.minY, stride: width * 4)
  }

  /// Brings the picture to the renderer's current one, with `outline` drawn around
  /// `highlight` when given.
  ///
  /// - Parameters:
  ///   - renderer: holds the new picture, of this size.
  ///   - damage: where the renderer's picture may differ from the one of the last update.
  ///   - highlight: the changed region to outline, if any.
  ///   - outline: how to draw it.
  /// - Returns: the smallest rectangle of pixels that changed; empty when none did.
  /// - Throws: `RenderError.outOfMemory` when the memory to compare the rectangle cannot be had.
  func update(
    from renderer: IncrementalRenderer, damage: PixelRect, highlight: PixelRect?,
    outline: ChangeOutline
  ) throws(RenderError) -> PixelRect {
    guard let surface = renderer.surfaceForReading else { return .empty }
    let mark = highlight.map { outline.bounds(around: $0, width: width, height: height) } ?? .empty
    let area = clipped(damage.union(shownOutline).union(mark))
    shownOutline = mark
    guard !area.isEmpty else { return .empty }
    cairo_surface_flush(surface.pointer)
    let source = UnsafeRawPointer(cairo_image_surface_get_data(surface.pointer)!)
    let sourceStride = Int(cairo_image_surface_get_stride(surface.pointer))
    let areaWidth = area.maxX - area.minX
    let areaHeight = area.maxY - area.minY
    if scratch.count < areaWidth * areaHeight {
      scratch = []
      try PixelImage.checkMemory(
        pixels: areaWidth * areaHeight, for: "animate a \(width)×\(height) canvas")
      scratch = [UInt32](repeating: 0, count: areaWidth * areaHeight)
    }
    return scratch.withUnsafeMutableBufferPointer { buffer in
      let next = buffer.baseAddress!
      for row in 0..<areaHeight {
        (next + row * areaWidth).update(
          from: (source + (area.minY + row) * sourceStride + area.minX * 4)
            .assumingMemoryBound(to: UInt32.self), count: areaWidth)
      }
      if let highlight {
        let local = PixelRect(
          minX: highlight.minX - area.minX, minY: highlight.minY - area.minY,
          maxX: highlight.maxX - area.minX, maxY: highlight.maxY - area.minY)
        outline.draw(
          around: local, on: next, width: areaWidth, height: areaHeight, stride: areaWidth)
      }
      var changed = PixelRect.empty
      for row in 0..<areaHeight {
        let old = pixels + (area.minY + row) * width + area.minX
        let new = next + row * areaWidth
        if memcmp(old, new, areaWidth * 4) == 0 { continue }
        var first = 0
        while old[first] == new[first] { first += 1 }
        var last = areaWidth - 1
        while old[last] == new[last] { last -= 1 }
        changed = changed.union(
          PixelRect(
            minX: area.minX + first, minY: area.minY + row, maxX: area.minX + last + 1,
            maxY: area.minY + row + 1))
        old.update(from: new, count: areaWidth)
      }
      return changed
    }
  }

  private func clipped(_ rect: PixelRect) -> PixelRect {
    let clipped = PixelRect(
      minX: max(0, rect.minX), minY: max(0, rect.minY), maxX: min(width, rect.maxX),
      maxY: min(height, rect.maxY))
    return clipped.isEmpty ? .empty : clipped
  }
}
