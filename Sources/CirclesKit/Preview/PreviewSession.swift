import CircleEngine
import CircleScript
import Foundation

/// What one refresh of the preview showed: for the console's line and the tests.
package struct PreviewRound: Sendable {
  /// The script as read, `nil` when it could not be read.
  package var source: ScriptSource?
  /// The states the page shows.
  package var states: Int
  /// The failure the page shows, if any.
  package var failure: ScriptFailure?
  /// Whether the page shows the pictures of an earlier run, the script having failed before
  /// its first state this time.
  package var keptEarlier: Bool
  /// Why the script could not be read, if it could not; the page is then left as it was.
  package var unreadable: String?
  /// The page's version after the round.
  package var version: Int
  /// The check of the frames against their goldens, with `--check`.
  package var check: PreviewCheckResult?
  /// How long the round took, from reading the script to publishing its page, in seconds.
  package var seconds: Double = 0
}

/// Keeps the preview's page the history viewer's page of a script file as it is now: each
/// refresh reads the file, records its history (`HistoryViewer.record`) and publishes the page
/// to the channel, with a script that reloads it when a newer version is announced.
///
/// A script that stops before its first state (a syntax error, a `canvas` out of range) shows
/// its diagnostic beside the pictures of the last run that had any, so the picture does not
/// vanish while the script is being edited.
package final class PreviewSession {
  /// The script file.
  package let scriptURL: URL
  /// How diagnostics and the page name it (as the user typed it).
  package let displayName: String
  /// Where the pages go.
  package let channel: PreviewChannel
  /// Checks each history against the goldens (`--check`), when set.
  package var checker: PreviewChecker?
  private var lastShown: ViewerHistory?
  private var lastCheck: PreviewCheckResult?

  /// Creates a session; nothing is read until `refresh()`.
  package init(scriptURL: URL, displayName: String, channel: PreviewChannel) {
    self.scriptURL = scriptURL
    self.displayName = displayName
    self.channel = channel
  }

  /// Reads and records the script, and publishes its page unless it could not be read.
  @discardableResult
  package func refresh() -> PreviewRound {
    let start = ContinuousClock.now
    let source: ScriptSource
    do {
      source = try ScriptSource(contentsOf: scriptURL, displayName: displayName)
    } catch {
      return PreviewRound(
        source: nil, states: lastShown?.frames.count ?? 0, failure: nil, keptEarlier: true,
        unreadable: error.description, version: channel.current.version, check: lastCheck)
    }
    var shown: ViewerHistory
    var kept = false
    do {
      shown = try HistoryViewer.record(source)
    } catch {
      // Recording writes nothing, so its only error is the script's.
      guard case .script(let failure) = error else {
        return PreviewRound(
          source: source, states: lastShown?.frames.count ?? 0, failure: nil, keptEarlier: true,
          unreadable: error.description, version: channel.current.version, check: lastCheck)
      }
      shown = ViewerHistory(
        source: source, frames: [], menus: EditMenuTimeline(), failure: failure,
        pixelWidth: 0, pixelHeight: 0)
    }
    if shown.frames.isEmpty, let earlier = lastShown, !earlier.frames.isEmpty {
      shown.frames = earlier.frames
      shown.menus = earlier.menus
      shown.pixelWidth = earlier.pixelWidth
      shown.pixelHeight = earlier.pixelHeight
      kept = true
    } else {
      lastShown = shown
      lastCheck = checker.map { $0.check(source, frames: shown.frames) }
    }
    let page = shown
    let check = lastCheck
    let version = channel.publish { version in
      Array(
        ViewerPage(
          history: page, contentPolicy: Self.policy,
          extraScript: Self.liveScript(version: version, check: check)
        ).html.utf8)
    }
    return PreviewRound(
      source: source, states: shown.frames.count, failure: shown.failure, keptEarlier: kept,
      unreadable: nil, version: version, check: check,
      seconds: (ContinuousClock.now - start).inSeconds)
  }
}
