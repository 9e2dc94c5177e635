import CircleCanvas
import CircleRender

/// Renders a sequence of canvas states, each by repainting only what changed since the one
/// before (`IncrementalRenderer`); a state asked for twice in a row is drawn once.
final class RenderCache {
  private let renderer = IncrementalRenderer()

  func image(of state: CanvasState) throws -> PixelImage {
    try renderer.image(of: state)
  }
}
