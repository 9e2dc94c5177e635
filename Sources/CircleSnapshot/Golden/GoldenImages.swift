import CircleCanvas
import CircleRender
import CircleSystem
import Foundation

/// The images of one script as a check receives them: announced in script order with their
/// scenes, then handed over as PNG bytes, possibly from another thread. One lock guards them.
final class GoldenImages: Sendable {
  /// One image of the script, in order.
  struct Item: Sendable {
    var name: String
    var isRender: Bool
    /// Whether it is matched with a golden by its name alone: a `render` target, or an image
    /// whose name is not a frame's (a snapshot).
    var byName: Bool
    var slug: String
    var location: ScriptLocation?
    /// The picture it shares with a byte-identical golden of the same slug, if any.
    var picture: Int?
    /// A golden whose image is byte-identical to this one, if any.
    var identical: Int?
    /// Whether the golden of the same name holds exactly the bytes a record would write.
    var exact = false
    /// Whether the actual image was written to the artifacts folder.
    var spilled = false
    var size: PixelSize?
    var error: String?
    var encoded = false
    /// A later `render` of the same name took its place.
    var superseded = false

    /// The path its artifacts and golden are named by: its name and `.png`.
    var path: String { name + ".png" }
  }

  private struct State: Sendable {
    var items: [Item] = []
    /// The scene of every image, in order.
    var scenes = SceneRecorder()
  }

  private let state = Locked(State())

  /// Announces the next image; a `render` of a name given before replaces it.
  ///
  /// - Returns: the image's number.
  func add(name: String, isRender: Bool, location: ScriptLocation?, scene: CanvasState) -> Int {
    state.withLock { state in
      if isRender,
        let earlier = state.items.firstIndex(where: { $0.isRender && $0.name == name })
      {
        state.items[earlier].superseded = true
      }
      let file = GoldenFile(name: name)
      state.items.append(
        Item(
          name: name, isRender: isRender, byName: isRender || !file.isFrame, slug: file.slug,
          location: location))
      state.scenes.append(name: name, scene: scene)
      return state.items.count - 1
    }
  }

  /// An image as it stands.
  subscript(index: Int) -> Item { state.withLock { $0.items[index] } }

  /// Changes an image.
  func update(_ index: Int, _ change: (inout Item) -> Void) {
    state.withLock { change(&$0.items[index]) }
  }

  /// Every image, in order.
  var all: [Item] { state.withLock { $0.items } }

  /// The scenes of the images, as a history.
  var history: SceneHistory { state.withLock { $0.scenes.history } }
}
