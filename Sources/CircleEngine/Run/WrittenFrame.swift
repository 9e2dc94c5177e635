import Foundation

/// A frame written by `circles run`: its number, action, name and file.
package struct WrittenFrame: Hashable, Sendable {
  /// 0 for the start, then 1, 2, … in order.
  package var number: Int
  /// What produced the frame: `start`, `Add sun`, `Undo Clear`.
  package var action: String
  /// The file name without extension: `0000-start`, `0001-add-sun`.
  package var name: String
  /// Where the file is.
  package var url: URL
}
