/// A file that stood where a run wrote a frame and was not a file circles wrote (the user's
/// own, named as the frame is): it was renamed, never removed, before the frame took its name.
package struct SetAsideFile: Hashable, Sendable {
  /// How many names, `<name>.~1~` on, are tried for one file.
  static let attempts = 1000

  /// The frame's file name in the output folder, which the file had.
  package var name: String
  /// The name it has now in the same folder: `<name>.~<n>~`, the first that was free.
  package var keptAs: String

  /// Creates the record of one file set aside.
  package init(name: String, keptAs: String) {
    self.name = name
    self.keptAs = keptAs
  }
}
