/// Which frames `circles run` writes as files (`--frames all|last|none`).
package enum FrameSelection: String, CaseIterable, Sendable {
  /// Every state: the start and one frame per change (the default).
  case all
  /// Only the final state, under its frame name (`0007-redo-clear.png`).
  case last
  /// No frame: only `render` targets, the animation and the contact sheet are written.
  case none
}
