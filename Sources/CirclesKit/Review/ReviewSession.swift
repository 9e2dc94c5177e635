import CircleEngine
import CircleScript
import CircleSnapshot
import CircleSystem
import Foundation

/// What one round of a review showed: for the console's line and the tests.
package struct ReviewRound: Sendable {
  /// The page's version after the round.
  package var version: Int
  /// How many images wait for a decision (rejected ones included), accepted and rejected.
  package var open: Int
  package var accepted: Int
  package var rejected: Int
  /// Scripts that could not be checked (an error in the script, a file that cannot be read).
  package var errors: Int
  /// Decisions cleared because the picture they were taken on changed.
  package var cleared: Int
  /// Images waiting for a decision beyond the page's ``ReviewSession/maximumItems``.
  package var unshown: Int = 0
  /// How long the round took, from reading the scripts to publishing the page, in seconds.
  package var seconds: Double

  /// One line: `3 to review, 1 accepted, 1 rejected`.
  package var summary: String {
    var parts = [
      open + unshown == 0
        ? "nothing to review"
        : unshown == 0 ? "\(open) to review" : "\(open + unshown) to review (\(open) shown)"
    ]
    if accepted > 0 { parts.append("\(accepted) accepted") }
    if rejected > 0 { parts.append("\(rejected) rejected") }
    if errors > 0 {
      parts.append(Plural.count(errors, "script with an error", "scripts with errors"))
    }
    if cleared > 0 {
      parts.append(Plural.count(cleared, "decision cleared", "decisions cleared"))
    }
    return parts.joined(separator: ", ")
  }
}

/// What a decision did, for the console.
package struct ReviewDecision: Sendable, Equatable {
  /// The script and the image.
  package var scriptName: String
  package var name: String
  package var decision: ReviewItem.Decision
  /// The equivalent command line, for an accept.
  package var command: String?
}

/// `circles review`: a check of scripts against their goldens that writes nothing until the
/// user accepts an image on the page (README, "Reviewing failures").
///
/// Each accept is the check its ``FrameAcceptance`` names (`--record --only <frame>`, or
/// `--prune --only <golden>`), run on the very text the page was made from, so the golden
/// written is the picture the user saw; the golden lifecycle's plan does the writing, with its
/// rules. A reject writes nothing and marks the image. A decision stays while the image's
/// picture is the one decided on, and is cleared, with a note, when a save changes it.
///
/// The session's methods may be called from any thread: one lock keeps a decision and a
/// refresh from running at once.
package final class ReviewSession: Sendable {
  /// What is reviewed: script files, or what `assertSnapshot` calls left.
  package let subjects: [ReviewSubject]
  /// How they are checked: the golden folders and comparison of `circles check`, recording
  /// nothing, with the images of failures in a folder of the session's own.
  package let options: CheckOptions
  /// Scripts below it are named relative to it.
  package let currentDirectory: URL
  /// Where the pages go.
  package let channel: PreviewChannel
  /// The session's secret, which only the page holds: an action without it is refused (403).
  package let token: String

  /// The pictures of the pages, served by the server (`PreviewServer.images`).
  private let images = ReviewImages()
  /// Everything that changes, under one lock; a check runs under it, so that a decision never
  /// lands between a check and its page.
  private let state: Locked<State>

  /// The most images a page shows; the others are counted, and wait for a later page. Each
  /// holds its golden, diff and actual picture in memory (some 50 KB at 400×300), so 500 keep
  /// a review within some 75 MB however many frames fail.
  package static let maximumItems = 500

  /// What the session knows and has decided.
  private struct State: Sendable {
    var checks: [GoldenSuite.ScriptCheck?]
    /// The options each subject was checked with: ``options`` with an entry's golden folder and
    /// comparison.
    var checkedWith: [CheckOptions]
    /// The items of each script's latest check, made while its images were on disk.
    var found: [[ReviewItem]]
    /// How many items ``found`` holds in all.
    var foundCount = 0
    /// How many images of each script wait for a decision beyond ``maximumItems``.
    var unshown: [Int]
    /// The items of the page: ``found`` with the decisions.
    var items: [ReviewItem] = []
    /// Decisions by item id, with the item as it was when decided.
    var decisions: [String: ReviewItem] = [:]
    /// Every accept made, in order, for the end of the session.
    var acceptedLog: [ReviewDecision] = []
  }
  /// Told of each decision as it is taken (on the server's thread), for the console.
  private let onDecision: (@Sendable (ReviewDecision) -> Void)?
  /// The folder of the checks' artifacts, read back for the page and cleared after each.
  private let scratch = ScratchFolder(purpose: "review")

  /// Creates a session; nothing is checked until ``refresh(_:)``.
  ///
  /// - Parameters:
  ///   - subjects: the script files, or the entries of an artifacts folder.
  ///   - options: golden folders and comparison; the record mode and pruning are the session's
  ///     (nothing is written but what an accept asks), and so is the artifacts folder.
  ///   - currentDirectory: scripts are named relative to it.
  ///   - channel: where the pages go.
  ///   - onDecision: told of each decision as it is taken.
  package init(
    subjects: [ReviewSubject], options: CheckOptions, currentDirectory: URL,
    channel: PreviewChannel,
    onDecision: (@Sendable (ReviewDecision) -> Void)? = nil
  ) {
    self.onDecision = onDecision
    var options = options
    options.record = .none
    options.prune = false
    options.failsWhenRecording = false
    options.only = []
    options.writesStrips = false
    options.artifactsDirectory = scratch.url
    self.subjects = subjects
    self.options = options
    self.currentDirectory = currentDirectory
    self.channel = channel
    var generator = SystemRandomNumberGenerator()
    token = (0..<4).map { _ in String(generator.next(), radix: 16) }.joined()
    state = Locked(
      State(
        checks: Array(repeating: nil, count: subjects.count),
        checkedWith: Array(repeating: options, count: subjects.count),
        found: Array(repeating: [], count: subjects.count),
        unshown: Array(repeating: 0, count: subjects.count)))
  }

  /// Keeps a script's check and the items made from it (reading its images, which the next
  /// check replaces).
  private func keep(_ check: GoldenSuite.ScriptCheck, at index: Int, in state: inout State) {
    state.checks[index] = check
    // The items the other scripts hold: kept as a sum, so that a refresh of 10,000 entries
    // does not add up every script's items for each.
    let others = state.foundCount - state.found[index].count
    (state.found[index], state.unshown[index]) = ReviewItem.items(
      of: check, script: index, limit: max(0, Self.maximumItems - others))
    state.foundCount = others + state.found[index].count
    if case .snapshot = subjects[index] {
      // No command line records one image of a test; the call's own mode records this one
      // (with the others it failed on).
      for item in state.found[index].indices {
        state.found[index][item].acceptance.command =
          "record: .missingAndFailed in the call at \(check.displayName)"
      }
    }
  }

  /// Checks the scripts (all, or those at `indices`) and publishes the page.
  ///
  /// - Throws: ``GoldenSuiteError`` when two scripts would share a golden folder; nothing has
  ///   been read or written then.
  @discardableResult
  package func refresh(_ indices: [Int]? = nil) throws(GoldenSuiteError) -> ReviewRound {
    let start = ContinuousClock.now
    let chosen = indices ?? Array(subjects.indices)
    return try state.withLock { (state) throws(GoldenSuiteError) -> ReviewRound in
      let scripts = chosen.filter { if case .script = subjects[$0] { true } else { false } }
      let checked = try GoldenSuite.check(
        scripts.map { subjects[$0].watched }, options: options, currentDirectory: currentDirectory)
      for (index, check) in zip(scripts, checked) { keep(check, at: index, in: &state) }
      for index in chosen where !scripts.contains(index) {
        let (check, used) = ReviewSubject.check(
          entryAt: subjects[index].watched, options: options, currentDirectory: currentDirectory)
        state.checkedWith[index] = used
        keep(check, at: index, in: &state)
      }
      let cleared = rebuild(&state)
      scratch.clear()
      return publish(state, since: start, cleared: cleared)
    }
  }

  /// Answers `POST /accept` and `POST /reject`: the image named by the `frame` argument (an
  /// item's id), with the session's token.
  package func answer(_ request: PreviewActionRequest) -> PreviewActionAnswer {
    guard request.token == token else {
      return PreviewActionAnswer(
        status: 403, text: "forbidden: only the review's own page may decide\n")
    }
    guard let id = request.arguments["frame"], !id.isEmpty else {
      return PreviewActionAnswer(status: 400, text: "bad request: which frame? (?frame=<id>)\n")
    }
    let accepting = request.name == "accept"
    let outcome = decide(id, accept: accepting)
    switch outcome {
    case .success(let decision):
      let command = decision.command.map { ": \($0)" } ?? ""
      return PreviewActionAnswer(
        status: 200, text: "\(decision.decision.rawValue) \(decision.name)\(command)\n")
    case .failure(let problem):
      return PreviewActionAnswer(status: 409, text: "\(problem.description)\n")
    }
  }

  /// Why a decision was not taken.
  package struct Refusal: Error, Equatable, CustomStringConvertible {
    package var description: String
  }

  /// Accepts or rejects the image of an item.
  ///
  /// - Returns: what was done, or why nothing was: no such item waits for a decision (the
  ///   page is older than the check), or the accept was left undone (a name still held by
  ///   another golden, a golden that could not be written).
  package func decide(_ id: String, accept: Bool) -> Result<ReviewDecision, Refusal> {
    let start = ContinuousClock.now
    return state.withLock { state in
      guard let item = state.items.first(where: { $0.id == id && $0.decision != .accepted })
      else {
        return .failure(
          Refusal(description: "no image '\(id)' waits for a decision: reload the page"))
      }
      let decision = ReviewDecision(
        scriptName: item.scriptName, name: item.name,
        decision: accept ? .accepted : .rejected,
        command: accept ? item.acceptance.command : nil)
      if accept {
        if let problem = apply(item, in: &state) { return .failure(problem) }
        state.acceptedLog.append(decision)
      }
      var decided = item
      decided.decision = decision.decision
      decided.note = nil
      state.decisions[id] = decided
      onDecision?(decision)
      _ = rebuild(&state)
      scratch.clear()
      _ = publish(state, since: start, cleared: 0)
      return .success(decision)
    }
  }

  /// Runs the item's accept on the text the page was made from; `nil` when it was done.
  private func apply(_ item: ReviewItem, in state: inout State) -> Refusal? {
    guard let check = state.checks[item.script] else {
      return Refusal(description: "the script of '\(item.id)' has not been checked")
    }
    let accepting = item.acceptance.options(from: state.checkedWith[item.script])
    let after: GoldenSuite.ScriptCheck
    if let result = check.result, check.source.isEmpty, let png = item.actual,
      case .snapshot = subjects[item.script]
    {
      // A canvas snapshot: its actual image, which is the golden a record writes.
      var accepted = check
      accepted.result?.frames = [
        GoldenChecker.checkSnapshot(
          named: item.name, png: png, folder: result.goldenDirectory, options: accepting)
      ]
      after = accepted
    } else {
      let source = ScriptSource(bytes: check.source, fileName: check.displayName)
      after = GoldenSuite.check(
        source, as: check.script, options: accepting, artifactsKey: "accept")
    }
    keep(after, at: item.script, in: &state)
    let isOrphan = item.status == .orphan
    let frame = after.result?.frames.first {
      $0.name == item.name && ([.orphan, .pruned].contains($0.status) == isOrphan)
    }
    // An orphan deleted meanwhile (another review, a check with --prune) is done too.
    if frame == nil, isOrphan, after.result != nil { return nil }
    guard let frame, item.acceptance.isDone(frame) else {
      let reason =
        frame?.error ?? frame?.problem ?? after.folderError
        ?? after.failure.map { _ in "the script stopped at an error" }
        ?? "the check left it undone"
      return Refusal(
        description: "\(item.name) was not accepted: \(DisplayText.escaped(reason))")
    }
    return nil
  }

  /// The accepts made in the session, in order; and the images rejected now.
  package var summary: (accepted: [ReviewDecision], rejected: [ReviewDecision]) {
    state.withLock { state in
      let rejected = state.items.filter { $0.decision == .rejected }.map {
        ReviewDecision(scriptName: $0.scriptName, name: $0.name, decision: .rejected)
      }
      return (state.acceptedLog, rejected)
    }
  }

  /// The one result of the latest checks: whether every frame passes now.
  package var result: CheckResult {
    state.withLock { GoldenSuite.result(of: $0.checks.compactMap(\.self)) }
  }

  /// A picture of the pages, by its number in `/images/<n>.png`.
  package func picture(_ number: Int) -> Data? { images.picture(number) }

  /// The items of the page, as of the latest round.
  package var currentItems: [ReviewItem] { state.withLock { $0.items } }

  /// Watches the script files and refreshes the page when one is saved (by its modification
  /// time, size and inode, as `circles preview` does), until `shouldStop` holds.
  package func watch(
    interval: Duration, until shouldStop: () -> Bool, onRound: (ReviewRound) -> Void
  ) {
    var stamps = subjects.map { FileIdentity.of($0.watched) }
    while !shouldStop() {
      FileWatcher.pause(interval)
      let now = subjects.map { FileIdentity.of($0.watched) }
      // A script saved; an entry rewritten by a test run, or removed when the test passed.
      let changed = subjects.indices.filter {
        now[$0] != stamps[$0] && (now[$0] != nil || subjects[$0] != .script(subjects[$0].watched))
      }
      stamps = now
      guard !changed.isEmpty, let round = try? refresh(changed) else { continue }
      onRound(round)
    }
  }

  /// Makes the items from the checks and the decisions: a rejected image stays rejected while
  /// its picture is the one rejected; an accepted one shows as it was accepted unless the
  /// image needs a decision again. Returns how many decisions were cleared.
  private func rebuild(_ state: inout State) -> Int {
    var cleared = 0
    var fresh = state.found.flatMap(\.self)
    let open = Set(fresh.map(\.id))
    for index in fresh.indices {
      guard let decided = state.decisions[fresh[index].id] else { continue }
      if decided.decision == .rejected, decided.picture == fresh[index].picture {
        fresh[index].decision = .rejected
        continue
      }
      state.decisions[fresh[index].id] = nil
      cleared += 1
      fresh[index].note =
        decided.decision == .accepted
        ? "its picture changed since it was accepted: decide again"
        : "its picture changed since it was rejected: decide again"
    }
    for (id, decided) in state.decisions where !open.contains(id) {
      if decided.decision == .accepted {
        fresh.append(decided)
      } else {
        state.decisions[id] = nil
      }
    }
    state.items = fresh.sorted { ($0.script, $0.position) < ($1.script, $1.position) }
    return cleared
  }

  /// Publishes the page of the items and says what it shows.
  private func publish(_ state: State, since start: ContinuousClock.Instant, cleared: Int)
    -> ReviewRound
  {
    let result = GoldenSuite.result(of: state.checks.compactMap(\.self))
    let problems = result.scripts.filter(\.isError)
    let shown = state.items
    let token = token
    let open = shown.count { $0.decision != .accepted }
    let accepted = state.acceptedLog.count
    let rejected = shown.count { $0.decision == .rejected }
    var round = ReviewRound(
      version: 0, open: open, accepted: accepted, rejected: rejected, errors: problems.count,
      cleared: cleared, seconds: 0)
    round.unshown = state.unshown.reduce(0, +)
    let summary = round.summary
    let passed = result.passed
    let images = images
    round.version = channel.publish { version in
      Array(
        ReviewPage(
          items: shown, problems: problems, summary: summary, passes: passed, version: version,
          token: token, source: { "\(PreviewRoute.imagesPath)\(images.number(of: $0)).png" }
        ).html.utf8)
    }
    images.published()
    round.seconds = (ContinuousClock.now - start).inSeconds
    return round
  }
}
