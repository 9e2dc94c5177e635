import CircleCanvas
import CircleSystem
import Foundation

/// Writes a sequence of pictures as one animated image (APNG or GIF), frame by frame, from an
/// `IncrementalRenderer`.
///
/// Each frame stores only the pixels that changed since the frame before: the renderer's damage,
/// narrowed to the pixels that really differ. A frame can carry an outline around a changed
/// region (`ChangeOutline`); the next frame removes it again. The file is written to a hidden
/// temporary file beside the destination and renamed into place by `finish()`: until then the
/// destination keeps what it held, and `discard()` (or dropping the recorder) leaves it so.
package final class AnimationRecorder {
  /// The animated image being written.
  package let url: URL
  /// Its format.
  package let format: AnimationFormat
  /// How long each frame is shown, in hundredths of a second.
  package let delay: Int
  /// How long the last frame is shown, in hundredths of a second.
  package let lastDelay: Int
  /// The outline drawn around highlighted regions.
  package let outline: ChangeOutline
  /// Frames recorded so far.
  package private(set) var frameCount = 0
  private let file: StreamedFile
  private var picture: AnimationPicture?
  private var encoder: (any AnimationEncoder)?

  /// Starts an animation, creating its temporary file (and missing folders) now.
  ///
  /// - Parameters:
  ///   - url: the animated image to write.
  ///   - format: APNG or GIF.
  ///   - delay: how long each frame is shown, in hundredths of a second (1…65535).
  ///   - lastDelay: how long the last frame is shown, likewise.
  ///   - outline: how highlighted regions are marked.
  /// - Throws: `RenderError.cannotWrite` when the file cannot be created.
  package init(
    url: URL, format: AnimationFormat, delay: Int, lastDelay: Int,
    outline: ChangeOutline = .standard
  ) throws(RenderError) {
    self.url = url
    self.format = format
    self.delay = min(65535, max(1, delay))
    self.lastDelay = min(65535, max(1, lastDelay))
    self.outline = outline
    file = try RenderError.writing { () throws(FileError) in try StreamedFile(url: url) }
  }

  /// Adds the renderer's current picture as the next frame.
  ///
  /// - Parameters:
  ///   - renderer: updated to the frame's state.
  ///   - damage: where its picture may differ from the one of the previous frame (the whole
  ///     picture for the first); `IncrementalRenderer.takeDamage()` tells it.
  ///   - state: the frame's canvas state.
  ///   - highlight: a region of the picture to outline on this frame only, if any.
  /// - Throws: `RenderError.cannotWrite` when writing fails or the picture changed size,
  ///   `.outOfMemory` when the memory to animate a picture of its size cannot be had.
  package func record(
    _ renderer: IncrementalRenderer, damage: PixelRect, state: CanvasState,
    highlight: PixelRect? = nil
  ) throws(RenderError) {
    guard let surface = renderer.surfaceForReading else { throw .emptyImage(width: 0, height: 0) }
    if picture == nil {
      let opaque = state.background.alpha == 255
      // The picture, the first frame compared whole, and the encoder's copy of it: asked of
      // the system at once, so that a canvas too large for the memory fails before any work.
      let needed = 3 * surface.width * surface.height
      try PixelImage.checkMemory(
        pixels: needed,
        for: "animate a \(surface.width)×\(surface.height) canvas "
          + "(\((needed * 4) >> 20) MiB besides the drawing); allow the process more memory, "
          + "or animate a smaller canvas")
      picture = try AnimationPicture(width: surface.width, height: surface.height)
      encoder =
        switch format {
        case .apng:
          try APNGWriter(file: file, width: surface.width, height: surface.height, opaque: opaque)
        case .gif:
          try GIFWriter(file: file, width: surface.width, height: surface.height, opaque: opaque)
        }
    }
    guard let picture, let encoder, picture.width == surface.width,
      picture.height == surface.height
    else {
      throw .cannotWrite(
        path: file.path, reason: "an animation needs every frame the same size")
    }
    let damage = frameCount == 0 ? picture.bounds : damage
    var changed = try picture.update(
      from: renderer, damage: damage, highlight: highlight, outline: outline)
    // A frame that shows no change still takes its place in time: one pixel, rewritten.
    if changed.isEmpty { changed = PixelRect(minX: 0, minY: 0, maxX: 1, maxY: 1) }
    try encoder.add(changed, of: picture, delay: delay)
    frameCount += 1
  }

  /// Ends the file and renames it into place.
  ///
  /// - Returns: the file's size in bytes.
  /// - Throws: `RenderError.cannotWrite` when writing fails or no frame was recorded; the
  ///   destination is then left as it was.
  package func finish() throws(RenderError) -> Int {
    guard let encoder else {
      discard()
      throw .cannotWrite(path: file.path, reason: "no frame to animate")
    }
    do {
      return try encoder.finish(lastDelay: lastDelay)
    } catch {
      discard()
      throw error
    }
  }

  /// Removes the temporary file; the destination is left as it was.
  package func discard() {
    file.discard()
  }
}
