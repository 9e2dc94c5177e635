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
final class ReviewImages: @unchecked Sendable {
  private let lock = NSLock()
  private var numbers: [Data: Int] = [:]
  private var pictures: [Int: Data] = [:]
  private var next = 0
  private var current: Set<Int> = []
  private var previous: Set<Int> = []

  /// The number of a picture, given it for the page being made.
  func number(of picture: Data) -> Int {
    lock.withLock {
      let number =
        numbers[picture]
        ?? {
          defer { next += 1 }
          numbers[picture] = next
          pictures[next] = picture
          return next
        }()
      current.insert(number)
      return number
    }
  }

  /// The picture of a number, while it is kept.
  func picture(_ number: Int) -> Data? {
    lock.withLock { pictures[number] }
  }

  /// A page was published: what it shows is kept with the page before it; the rest is dropped.
  func published() {
    lock.withLock {
      let kept = current.union(previous)
      for (number, picture) in pictures where !kept.contains(number) {
        pictures[number] = nil
        numbers[picture] = nil
      }
      previous = current
      current = []
    }
  }
}
