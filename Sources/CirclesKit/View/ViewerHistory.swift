import CircleEngine
import CircleRender
import CircleScript
import Foundation

/// Everything the history viewer shows of a script: its text, every state with the command
/// behind it, its picture and what changed, and the Edit menu at each state.
public struct ViewerHistory: Sendable {
  /// The script as run.
  package var source: ScriptSource
  /// Every state, the start first.
  public var frames: [ViewerFrame]
  /// The undo and redo stacks at each frame (state `n` is frame `n`).
  public var menus: EditMenuTimeline
  /// The failure that stopped the script, if any; the frames are those before it.
  public var failure: ScriptFailure?
  /// The size of the pictures in pixels: the frames' own, or smaller for a canvas larger than
  /// `HistoryViewer.largestSide` pixels a side.
  public var pixelWidth: Int
  /// See `pixelWidth`.
  public var pixelHeight: Int
}

/// One state of a history as the viewer shows it.
public struct ViewerFrame: Hashable, Sendable {
  /// The frame's number, 0 for the start.
  public var number: Int
  /// Its file name without extension (`0003-undo-add-sun`).
  public var name: String
  /// What produced it (`start`, `Add sun`, `Undo Add sun`).
  public var action: String
  /// Whether it is the start, a change, an undo or a redo.
  public var direction: Frame.Direction
  /// The command behind it (for the start, where the first command is).
  public var range: SourceRange
  /// The pixels that changed from the frame before; `nil` for the start and for a step that
  /// left the picture as it was.
  public var changed: PixelRect?
  /// How the page draws the frame's picture from the one before.
  public var picture: Picture

  /// A frame's picture in the page.
  ///
  /// Most steps change a small part of the picture: those store only that rectangle, drawn
  /// over the picture before. Every so often a whole picture is stored, so that showing any
  /// frame takes a whole picture and a bounded number of rectangles.
  public enum Picture: Hashable, Sendable {
    /// The picture of the frame before.
    case same
    /// A whole picture, as a PNG file.
    case whole(Data)
    /// A rectangle to draw over the picture before, as a PNG file of its size.
    case patch(PixelRect, Data)

    /// The PNG file, if any.
    public var png: Data? {
      switch self {
      case .same: nil
      case .whole(let data), .patch(_, let data): data
      }
    }
  }
}
