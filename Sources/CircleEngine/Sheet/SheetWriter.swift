import CircleRender
import CircleScript
import CircleSystem
import Foundation

/// Writes the contact sheet of a run: every frame as a labelled thumbnail, in step order.
package enum SheetWriter {
  /// The label under a frame's thumbnail: its step number and action (`0003 Clear`).
  package static func label(for frame: Frame) -> String {
    let number = String(frame.number)
    let padded = String(repeating: "0", count: max(0, 4 - number.count)) + number
    return "\(padded) \(frame.action)"
  }

  /// The tiles of a run's frames; undo and redo frames outline the region that changed.
  package static func tiles(for frames: [Frame]) -> [ContactSheet.Tile] {
    frames.indices.map { index in
      let frame = frames[index]
      return ContactSheet.Tile(
        label: label(for: frame), state: frame.state,
        highlight: frame.highlight(after: index > 0 ? frames[index - 1].state : nil))
    }
  }

  /// Draws the sheet of `frames` and writes it as a PNG, unless the file already holds it.
  ///
  /// `circles run --sheet` builds its sheet from the run's own pictures as it goes
  /// (`ContactSheetRecorder`); this draws the states afresh, for `--watch`.
  ///
  /// - Parameters:
  ///   - frames: the frames in order.
  ///   - url: the PNG file; its folder is created when missing.
  ///   - style: the sheet's thumbnail size, columns and colours.
  /// - Returns: the layout used (columns, rows, thumbnail size).
  /// - Throws: `RenderError` when drawing, encoding or writing fails.
  @discardableResult
  package static func write(
    _ frames: [Frame], to url: URL, style: ContactSheet = ContactSheet()
  ) throws(RenderError) -> ContactSheetLayout {
    let recorder = try style.recorder(for: tiles(for: frames))
    let data = try recorder.png()
    try RenderError.writing { () throws(FileError) in try ChangedFile.write(data, to: url) }
    return recorder.layout
  }
}
