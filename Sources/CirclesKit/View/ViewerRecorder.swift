import CircleCanvas
import CircleEngine
import CircleRender
import CircleScript
import Foundation

/// Keeps what the viewer shows of each state its engine reaches: the picture as a whole PNG or
/// as the rectangle the engine repainted, the region to outline, the command behind it, and the
/// Edit menu.
///
/// `render` commands are skipped. The engine draws the pictures at a smaller scale when the
/// canvas is larger than `HistoryViewer.largestSide` pixels, and tracks the state before each
/// frame, for the region an undo or redo changed.
final class ViewerRecorder: FrameConsumer {
  /// The canvas the script draws on, whose undo manager gives the Edit menu.
  let canvas: Canvas
  /// The most frames kept.
  let limit: Int
  private(set) var frames: [ViewerFrame] = []
  private(set) var menus = EditMenuTimeline()
  /// Bytes of rectangles and how many since the last whole picture, and that picture's size.
  private var sinceWhole = (bytes: 0, count: 0)
  private var wholeBytes = 0

  /// A whole picture is stored after this many rectangles, even small ones.
  static let rectanglesPerWhole = 500
  /// A whole picture is stored once the rectangles since the last one weigh this many times
  /// as much as it did: the page then decodes at most that much more to show any frame.
  static let weightPerWhole = 4

  init(canvas: Canvas, limit: Int) {
    self.canvas = canvas
    self.limit = limit
  }

  /// Why a script's history is too long for the viewer.
  struct TooLong: Error, CustomStringConvertible {
    var limit: Int
    var description: String { "the viewer shows at most \(limit) states; view a shorter script" }
  }

  func consume(_ frame: EngineFrame) throws {
    guard frames.count < limit else { throw TooLong(limit: limit) }
    // An undo or redo is outlined tightly; a change is outlined by what the engine repainted
    // for it, which it knows at once for circles added on top.
    var changed = frame.highlight
    let isFirst = frames.isEmpty
    let renderer = try frame.pixels()
    let repainted = renderer.takeDamage()
    if frame.frame.direction == .change, !repainted.isEmpty { changed = repainted }
    let picture: ViewerFrame.Picture
    let state = frame.pictureState
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
    menus.record(canvas.undoManager, after: frame.frame.direction)
    let start = SourceRange.startOfFile()
    frames.append(
      ViewerFrame(
        number: frame.frame.number, name: frame.frame.name, action: frame.frame.action,
        direction: frame.frame.direction, range: frame.frame.range ?? start, changed: changed,
        picture: picture))
  }

  func consume(_ render: EngineRender) throws {}

  /// Whether a changed picture is stored whole rather than as the rectangle `changed`: when
  /// the rectangles since the last whole picture weigh `weightPerWhole` times as much as it
  /// did, or are many, or this one covers half the picture.
  private func mustStoreWhole(_ changed: PixelRect, area: Int) -> Bool {
    sinceWhole.bytes >= Self.weightPerWhole * wholeBytes
      || sinceWhole.count >= Self.rectanglesPerWhole
      || changed.area * 2 >= area
  }
}
