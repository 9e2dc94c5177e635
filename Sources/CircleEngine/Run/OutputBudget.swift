import CircleScript
import Foundation

/// What one run may still write: frame files and bytes (frames and `render` targets).
///
/// Frames are counted as the script makes them. Bytes are claimed in the order the files were
/// made, whatever thread encodes them: each file takes a turn (`nextTurn()`, on the drawing
/// thread) and its claim waits for the claims of the turns before it, so the file that goes
/// over is always the same one, and none after it is written.
final class OutputBudget: @unchecked Sendable {
  private let maximumFrames: Int
  private let maximumBytes: Int
  private let condition = NSCondition()
  private var frames = 0
  private var bytes = 0
  private var turnsGiven = 0
  private var turnsDone = 0
  private var exceeded = false

  /// A budget of `maximumFrames` frame files and `maximumBytes` bytes; 0 is no bound.
  init(maximumFrames: Int, maximumBytes: Int) {
    self.maximumFrames = maximumFrames
    self.maximumBytes = maximumBytes
  }

  /// Counts one more frame file.
  ///
  /// - Throws: ``OutputLimitReached`` when it would be one more than the bound.
  func claimFrame() throws(OutputLimitReached) {
    condition.lock()
    defer { condition.unlock() }
    guard maximumFrames == 0 || frames < maximumFrames else {
      throw OutputLimitReached(
        "the run would write more than \(maximumFrames) frames; raise the limit with "
          + "--max-frames <n> (0 for none)")
    }
    frames += 1
  }

  /// The turn of the next file made, for `claim(bytes:turn:)`; every turn given must be claimed.
  func nextTurn() -> Int {
    condition.lock()
    defer { condition.unlock() }
    turnsGiven += 1
    return turnsGiven - 1
  }

  /// Counts the bytes of the file of `turn`, once every earlier turn has been claimed; `nil`
  /// passes the turn (a file that could not be made).
  ///
  /// - Throws: ``OutputLimitReached`` when the total would go over the bound, or an earlier
  ///   file already went over.
  func claim(bytes count: Int?, turn: Int) throws(OutputLimitReached) {
    condition.lock()
    defer {
      turnsDone += 1
      condition.broadcast()
      condition.unlock()
    }
    while turnsDone < turn { condition.wait() }
    guard let count else { return }
    guard !exceeded, maximumBytes == 0 || bytes + count <= maximumBytes else {
      exceeded = true
      throw OutputLimitReached(
        "the run would write more than \(maximumBytes) bytes; raise the limit with "
          + "--max-bytes <n> (0 for none)")
    }
    bytes += count
  }
}
