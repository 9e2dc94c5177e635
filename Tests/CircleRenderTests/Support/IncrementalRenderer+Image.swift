@testable import CircleRender

extension IncrementalRenderer {
  /// The picture the renderer holds now, copied; `nil` before the first state.
  func currentImage() -> PixelImage? { surfaceForReading?.pixelImage() }
}
