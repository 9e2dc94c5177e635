import CircleEngine
import CircleRender
import CircleScript
import Foundation

/// Everything the history viewer shows of a script: its text, every state with the command
/// behind it, its picture and what changed, and the Edit menu at each state.
package struct ViewerHistory: Sendable {
  /// The script as run.
  package var source: ScriptSource
  /// Every state, the start first.
  package var frames: [ViewerFrame]
  /// The undo and redo stacks at each frame (state `n` is frame `n`).
  package var menus: EditMenuTimeline
  /// The failure that stopped the script, if any; the frames are those before it.
  package var failure: ScriptFailure?
  /// The size of the pictures in pixels: the frames' own, or smaller for a canvas larger than
  /// `HistoryViewer.largestSide` pixels a side.
  package var pixelWidth: Int
  /// See `pixelWidth`.
  package var pixelHeight: Int
}

/// One state of a history as the viewer shows it.
package struct ViewerFrame: Hashable, Sendable {
  /// The frame's number, 0 for the start.
  package var number: Int
  /// Its file name without extension (`0003-undo-add-sun`).
  package var name: String
  /// What produced it (`start`, `Add sun`, `Undo Add sun`).
  package var action: String
  /// Whether it is the start, a change, an undo or a redo.
  package var direction: Frame.Direction
  /// The command behind it (for the start, where the first command is).
  package var range: SourceRange
  /// The pixels that changed from the frame before; `nil` for the start and for a step that
  /// left the picture as it was.
  package var changed: PixelRect?
  /// How the page draws the frame's picture from the one before.
  package var picture: Picture

  /// A frame's picture in the page.
  ///
  /// Most steps change a small part of the picture: those store only that rectangle, drawn
  /// over the picture before. Every so often a whole picture is stored, so that showing any
  /// frame takes a whole picture and a bounded number of rectangles.
  package enum Picture: Hashable, Sendable {
    /// The picture of the frame before.
    case same
    /// A whole picture, as a PNG file.
    case whole(Data)
    /// A rectangle to draw over the picture before, as a PNG file of its size.
    case patch(PixelRect, Data)

    /// The PNG file, if any.
    package var png: Data? {
      switch self {
      case .same: nil
      case .whole(let data), .patch(_, let data): data
      }
    }
  }
}
