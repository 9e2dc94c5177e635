import CircleCanvas
import CircleRender
import CircleScript
import Foundation

/// A script host that keeps what the viewer shows of each frame: its picture as a whole PNG or
/// as the rectangle the renderer repainted (`IncrementalRenderer.takeDamage()`), the region to
/// outline (`ChangedRegion`), the command behind it, and the Edit menu.
///
/// `render` commands are skipped and `expect pixel` is answered at the frames' own scale; the
/// pictures are drawn at a smaller scale when the canvas is larger than `largestSide` pixels.
final class ViewerRecorder: ScriptHost {
  /// The canvas the script draws on, whose undo manager gives the Edit menu.
  let canvas: Canvas
  /// The longest side of a picture, in pixels.
  let largestSide: Int
  /// The most frames kept.
  let limit: Int
  private(set) var frames: [ViewerFrame] = []
  private(set) var menus = EditMenuTimeline()
  private let renderer = IncrementalRenderer()
  private let pixels = CanvasHost()
  /// Bytes of rectangles and how many since the last whole picture, and that picture's size.
  private var sinceWhole = (bytes: 0, count: 0)
  private var wholeBytes = 0

  /// A whole picture is stored after this many rectangles, even small ones.
  static let rectanglesPerWhole = 500
  /// A whole picture is stored once the rectangles since the last one weigh this many times
  /// as much as it did: the page then decodes at most that much more to show any frame.
  static let weightPerWhole = 4

  init(canvas: Canvas, largestSide: Int, limit: Int) {
    self.canvas = canvas
    self.largestSide = largestSide
    self.limit = limit
  }

  /// Why a script's history is too long for the viewer.
  struct TooLong: Error, CustomStringConvertible {
    var limit: Int
    var description: String { "the viewer shows at most \(limit) states; view a shorter script" }
  }

  func scriptDidProduceFrame(_ frame: Frame) throws {
    guard frames.count < limit else { throw TooLong(limit: limit) }
    let state = pictureState(frame.state)
    // An undo or redo is outlined tightly; comparing the states costs a look at every circle,
    // so a change is outlined by what the renderer repainted for it, which it knows at once
    // for circles added on top. The state drawn last is compared before drawing the new one
    // and not kept: holding it would make the canvas copy its circles at the next change.
    var changed: PixelRect?
    if frame.direction == .undo || frame.direction == .redo, let last = renderer.state {
      changed = ChangedRegion.between(last, state)
    }
    let isFirst = renderer.state == nil
    try renderer.update(to: state)
    let repainted = renderer.takeDamage()
    if frame.direction == .change, !repainted.isEmpty { changed = repainted }
    let picture: ViewerFrame.Picture
    if repainted.isEmpty, !isFirst {
      picture = .same
    } else if !isFirst, !mustStoreWhole(repainted, area: state.pixelWidth * state.pixelHeight) {
      let data = try renderer.encodePNG(of: repainted)
      picture = .patch(repainted, data)
      sinceWhole = (sinceWhole.bytes + data.count, sinceWhole.count + 1)
    } else {
      let data = try renderer.encodePNG()
      picture = .whole(data)
      wholeBytes = data.count
      sinceWhole = (0, 0)
    }
    menus.record(canvas.undoManager, after: frame.direction)
    let start = SourceRange(start: SourceLocation(file: "", line: 1, column: 1), length: 0)
    frames.append(
      ViewerFrame(
        number: frame.number, name: frame.name, action: frame.action, direction: frame.direction,
        range: frame.range ?? start, changed: changed, picture: picture))
  }

  /// Whether a changed picture is stored whole rather than as the rectangle `changed`: when
  /// the rectangles since the last whole picture weigh `weightPerWhole` times as much as it
  /// did, or are many, or this one covers half the picture.
  private func mustStoreWhole(_ changed: PixelRect, area: Int) -> Bool {
    sinceWhole.bytes >= Self.weightPerWhole * wholeBytes
      || sinceWhole.count >= Self.rectanglesPerWhole
      || changed.area * 2 >= area
  }

  /// The state as the page draws it: at a smaller scale when a side would pass `largestSide`.
  func pictureState(_ state: CanvasState) -> CanvasState {
    let side = max(state.pixelWidth, state.pixelHeight)
    guard side > largestSide else { return state }
    var smaller = state
    smaller.scale = state.scale * Double(largestSide) / Double(side)
    return smaller
  }

  func scriptRender(_ state: CanvasState, toPath path: String) throws {}

  func scriptPixel(in state: CanvasState, x: Int, y: Int) throws -> Colour {
    try pixels.scriptPixel(in: state, x: x, y: y)
  }
}
