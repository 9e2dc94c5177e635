import CircleSystem

/// The human report of a check for standard output: one block per script with what failed,
/// moved or has no frame, where the images are and the command that accepts the change, then a
/// summary line.
///
/// ```
/// FAIL samples/sun.circles: 1 of 4 frames failed; first diverging frame 0002-add-sea
///   moved   0002-add-sun (was 0001-add-sun): images match
///   FAIL    0003-add-sea (was 0002-add-sea): 189 pixels differ (15.8%), first at 10,7, …
///     actual: .circles-artifacts/sun/0003-add-sea.actual.png
///     diff:   .circles-artifacts/sun/0003-add-sea.diff.png
///     strip:  .circles-artifacts/sun/0003-add-sea.strip.png
///     scene:  sea: fill #336699 → #339966
///   MISSING 0001-add-shadow: no golden at samples/__snapshots__/sun/0001-add-shadow.png
///   to accept the new images: circles check samples/sun.circles --record
/// checked 1 script, 4 frames: 1 passed, 1 failed, 1 missing, 1 moved
/// ```
///
/// Lines carry text from files (circle ids, file names, renderers) as it is: print them through
/// a terminal-safe escape, as `circles check` does.
package enum TextReport {
  /// The report's lines, without trailing newlines: a block for every script, those that could
  /// not be checked or stopped at a failed `expect` included, then the summary.
  ///
  /// - Parameters:
  ///   - check: the whole check.
  ///   - verbose: whether passing frames are listed too.
  package static func lines(for check: CheckResult, verbose: Bool = false) -> [String] {
    var lines: [String] = []
    for script in check.scripts {
      lines.append(headline(script))
      lines += script.diagnostics.map { "  " + $0.headline }
      guard let result = script.result else { continue }
      for frame in result.frames where verbose || frame.status != .passed {
        lines += frameLines(frame, in: result)
      }
      if result.stoppedEarly, result.unreachedGoldens > 0 {
        let count = result.unreachedGoldens
        let unchecked =
          Plural.count(count, "golden of a later frame was", "goldens of later frames were")
        lines.append(
          "  the script stopped before its end: \(unchecked) not checked, and none is deleted")
      }
      lines += result.notes.map { "  note: " + $0 }
      if let hint = result.hint { lines.append("  " + hint) }
    }
    lines.append(summary(check))
    return lines
  }

  /// `checked 2 scripts, 9 frames: 7 passed, 1 failed, 1 missing` (statuses with no frame are
  /// left out); when a script has an error or failed an `expect`, the scripts are counted
  /// first: `checked 2 scripts: 1 passed, 1 with an error; 2 frames: 2 passed`.
  package static func summary(_ check: CheckResult) -> String {
    if check.scripts.count == 1, let folders = check.scripts[0].result, folders.comparesFolders {
      let errors = check.scripts[0].diagnostics.isEmpty ? "" : "; the folders could not be read"
      return folderSummary(folders) + errors
    }
    let frames = check.scripts.flatMap(\.frames)
    let counted = FrameStatus.allCases.compactMap { status -> String? in
      let count = frames.count { $0.status == status }
      return count == 0 && status != .passed ? nil : "\(count) \(status.rawValue)"
    }
    let checked = frames.count { $0.status != .orphan && $0.status != .pruned }
    let scripts = Plural.count(check.scripts.count, "script")
    let framesPart = "\(Self.frames(checked)): " + counted.joined(separator: ", ")
    guard check.scripts.contains(where: { !$0.diagnostics.isEmpty || $0.status == .error }) else {
      return "checked \(scripts), \(framesPart)"
    }
    let byStatus = ScriptCheckResult.Status.allCases.compactMap { status -> String? in
      let count = check.count(status)
      guard count > 0 || status == .passed else { return nil }
      return status == .error ? "\(count) with an error" : "\(count) \(status.rawValue)"
    }
    return "checked \(scripts): \(byStatus.joined(separator: ", ")); \(framesPart)"
  }

  static func frames(_ count: Int) -> String { Plural.count(count, "frame") }

  static func images(_ count: Int) -> String { Plural.count(count, "image") }

  /// `compared 200 images: 197 passed, 2 changed, 1 new` for two folders of images, each
  /// image counted by what became of it (``FolderTally``).
  static func folderSummary(_ result: ScriptResult) -> String {
    let counted = FolderTally.allCases.compactMap { tally -> String? in
      let count = result.frames.count { FolderTally($0) == tally }
      return count == 0 && tally != .passed ? nil : "\(count) \(tally.rawValue)"
    }
    return "compared \(images(result.frames.count)): " + counted.joined(separator: ", ")
  }

  /// A script's first line: `ok`, `FAIL` or `ERROR`, its path and what became of it.
  static func headline(_ script: ScriptCheckResult) -> String {
    guard let result = script.result else {
      let errors = Plural.count(script.diagnostics.count, "error")
      return "ERROR \(script.displayPath): \(errors); no frame checked"
    }
    if result.comparesFolders {
      let all = images(result.frames.count)
      if !script.diagnostics.isEmpty {
        return "ERROR \(script.displayPath): the folders could not be read; no image compared"
      }
      switch script.status {
      case .passed: return "ok   \(script.displayPath): \(all)"
      case .error:
        return "ERROR \(script.displayPath): \(result.errors.count) of \(all) could not be compared"
      case .failed:
        return "FAIL \(script.displayPath): \(result.failures.count) of \(all) differ"
      }
    }
    let checked = result.frames.count { $0.status != .orphan && $0.status != .pruned }
    switch script.status {
    case .passed:
      var extra = ""
      for status in [FrameStatus.moved, .recorded, .pruned] {
        let count = result.count(status)
        if count > 0 { extra += ", \(count) \(status.rawValue)" }
      }
      return "ok   \(script.displayPath): \(frames(checked))\(extra)"
    case .error:
      return "ERROR \(script.displayPath): \(result.errors.count) of \(frames(checked)) "
        + "could not be checked"
    case .failed:
      let failed = result.failures.count
      var text = "FAIL \(script.displayPath): "
      let recorded = result.firstRecordings.count
      switch (failed, script.diagnostics.isEmpty) {
      case (recorded, true) where recorded > 0:
        text +=
          "\(recorded) of \(frames(checked)) had no golden and \(recorded == 1 ? "was" : "were") recorded"
        return text
      case (0, _): text += "an expect failed after \(frames(checked))"
      case (_, false): text += "\(failed) of \(frames(checked)) failed, and an expect failed"
      default: text += "\(failed) of \(frames(checked)) failed"
      }
      if let first = result.firstDivergingFrame { text += "; first diverging frame \(first.name)" }
      return text
    }
  }

  static func frameLines(_ frame: FrameResult, in result: ScriptResult) -> [String] {
    let label =
      result.comparesFolders
      ? folderLabel(frame) : label(frame, failsOnOrphans: result.failsOnOrphans)
    let text = describe(frame, inFolders: result.comparesFolders)
    var lines = ["  \(label) \(frame.nameWithOrigin): " + text]
    lines += frame.detailLines(path: DisplayPath.of).map { "    " + $0 }
    if let ignored = ignoredLine(frame) { lines.append("    " + ignored) }
    return lines
  }

  /// `ignored: 2 regions, 4000 pixels: 10,20,100,40 0,0,8,8` when the comparison left regions
  /// out; `nil` otherwise.
  static func ignoredLine(_ frame: FrameResult) -> String? {
    guard let comparison = frame.comparison, !comparison.options.ignoredRegions.isEmpty else {
      return nil
    }
    let regions = comparison.options.ignoredRegions
    let count = Plural.count(regions.count, "region")
    return "ignored: \(count), \(ImageComparison.pixels(comparison.ignoredPixels)): "
      + regions.map(\.argument).joined(separator: " ")
  }

  /// The label of an image of two folders: by what became of it.
  static func folderLabel(_ frame: FrameResult) -> String {
    if frame.error != nil { return "ERROR  " }
    switch FolderTally(frame) {
    case .passed: return "ok     "
    case .changed: return "CHANGED"
    case .new: return "NEW    "
    case .deleted: return "DELETED"
    case .updated: return "UPDATED"
    case .added: return "ADDED  "
    case .removed: return "REMOVED"
    case .error: return "ERROR  "
    }
  }

  static func label(_ frame: FrameResult, failsOnOrphans: Bool) -> String {
    if frame.error != nil { return "ERROR  " }
    switch frame.status {
    case .passed: return "ok     "
    case .failed: return "FAIL   "
    case .missing: return "MISSING"
    case .moved: return "moved  "
    case .recorded: return "RECORD "
    case .orphan: return failsOnOrphans ? "ORPHAN " : "orphan "
    case .pruned: return "pruned "
    }
  }

  /// What happened to a frame, or to an image of two folders, in one phrase.
  package static func describe(_ frame: FrameResult, inFolders: Bool) -> String {
    guard inFolders, frame.error == nil, frame.status == .recorded else { return describe(frame) }
    let target = DisplayPath.of(frame.golden)
    if let comparison = frame.comparison {
      return "copied over \(target) (was: \(comparison.summary))"
    }
    return frame.goldenSize == nil
      ? "copied to \(target)"
      : "copied over \(target) (was: "
        + (frame.problem ?? "another size") + ")"
  }

  /// What happened to a frame in one phrase.
  package static func describe(_ frame: FrameResult) -> String {
    if let error = frame.error { return error }
    switch frame.status {
    case .passed:
      return frame.comparison?.summary ?? "images match"
    case .failed:
      return frame.problem ?? frame.comparison?.summary ?? "differs from its golden"
    case .missing:
      return frame.problem ?? "no golden at \(DisplayPath.of(frame.golden))"
    case .moved:
      let origin = frame.movedFrom?.lastPathComponent ?? "another name"
      return frame.renamed
        ? "golden renamed from \(origin), byte for byte: same picture"
        : "same picture as its golden \(origin); steps were inserted or removed before it"
    case .recorded:
      let renamed = frame.movedFrom.map { " (renamed from \($0.lastPathComponent))" } ?? ""
      if let comparison = frame.comparison, !comparison.matches {
        return "golden replaced\(renamed) (was: \(comparison.summary))"
      }
      if frame.wasMissing { return "golden written to \(DisplayPath.of(frame.golden))" }
      if let problem = frame.problem { return "golden replaced\(renamed) (was: \(problem))" }
      return "golden rewritten\(renamed)"
    case .orphan:
      return frame.problem ?? "golden without a frame: \(DisplayPath.of(frame.golden)) "
        + "(delete it with --prune)"
    case .pruned:
      return frame.problem ?? "deleted golden without a frame: \(DisplayPath.of(frame.golden))"
    }
  }
}

/// How the reports of two folders of images count an image, as reg-cli names them: passed,
/// changed, new (only in the actual folder), deleted (only in the expected one), and what an
/// update did: updated (a changed image copied over), added (a new one copied), removed (a
/// deleted one pruned); and an image that could not be compared (a damaged file) `error`.
package enum FolderTally: String, CaseIterable, Sendable {
  case passed, changed, new, deleted, updated, added, removed, error

  /// What became of an image of a folder comparison.
  package init(_ frame: FrameResult) {
    if frame.error != nil {
      self = .error
      return
    }
    switch frame.status {
    case .passed, .moved: self = .passed
    case .failed: self = .changed
    case .missing: self = .new
    case .orphan: self = .deleted
    case .recorded: self = frame.comparison == nil && frame.goldenSize == nil ? .added : .updated
    case .pruned: self = .removed
    }
  }
}
