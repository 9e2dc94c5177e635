import CircleSystem
import Foundation

/// The pictures of the review's pages, each served by number (`/images/<n>.png`): one number per
/// distinct picture, so a picture shown by two pages (a golden, a neighbour) is sent and decoded
/// once, and a page loads only the pictures it shows (`loading="lazy"`).
///
/// Served apart from the page because inline, the 420 pictures of a page of 60 failing frames
/// made Chromium take 550 ms to show it after a save (BENCHMARKS.md, the review row).
///
/// Only the pictures of the current page and of the one before it are kept, so memory follows
/// the page, not the session's length, and a page still loading when the next is published
/// finds its pictures.
final class ReviewImages: Sendable {
  private struct State {
    var numbers: [Data: Int] = [:]
    var pictures: [Int: Data] = [:]
    var next = 0
    var current: Set<Int> = []
    var previous: Set<Int> = []
  }

  private let state = Locked(State())

  /// The number of a picture, given it for the page being made.
  func number(of picture: Data) -> Int {
    state.withLock { state in
      let number: Int
      if let known = state.numbers[picture] {
        number = known
      } else {
        number = state.next
        state.next += 1
        state.numbers[picture] = number
        state.pictures[number] = picture
      }
      state.current.insert(number)
      return number
    }
  }

  /// The picture of a number, while it is kept.
  func picture(_ number: Int) -> Data? {
    state.withLock { $0.pictures[number] }
  }

  /// A page was published: what it shows is kept with the page before it; the rest is dropped.
  func published() {
    state.withLock { state in
      let kept = state.current.union(state.previous)
      for (number, picture) in state.pictures where !kept.contains(number) {
        state.pictures[number] = nil
        state.numbers[picture] = nil
      }
      state.previous = state.current
      state.current = []
    }
  }
}
