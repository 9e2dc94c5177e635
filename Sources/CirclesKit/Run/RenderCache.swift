import CircleCanvas
import CircleRender

/// Renders canvas states, keeping the last one: a frame and the `expect pixel` after it, or a
/// `render` of the same state, are drawn once.
final class RenderCache {
  private var last: (state: CanvasState, image: PixelImage)?

  func image(of state: CanvasState) throws -> PixelImage {
    if let last, last.state == state { return last.image }
    let image = try Renderer.render(state)
    last = (state, image)
    return image
  }
}
