import CircleCanvas
import CircleRender
import CircleSystem
import Foundation

extension GoldenSession {
  /// Prunes, renames and records as the options ask, then rewrites the scene history when any
  /// golden changed.
  ///
  /// Orphans go first (with `prune`), so that their names are free; then moved goldens are
  /// renamed, byte for byte and without replacing anything; then goldens are written. Only the
  /// images the options select are touched.
  func update(_ outcomes: inout [Outcome], items: [Item], golden scenes: GoldenScenes) {
    var changed = false
    if options.prune {
      for index in outcomes.indices where outcomes[index].status == .orphan {
        let file = goldens[outcomes[index].golden!]
        guard options.selects(file.name) else { continue }
        do throws(FileError) {
          guard let (base, leaf) = try place(of: file.fileName, in: folder) else { continue }
          try base.remove(leaf)
          outcomes[index].status = .pruned
          changed = true
        } catch {
          outcomes[index].error = error.description
        }
      }
    }
    // A history that disagrees with the goldens (a record killed before it was written) is
    // rewritten by any record.
    if options.record.isRecording, scenes.disagrees { changed = true }
    guard options.record.isRecording else {
      if changed { writeHistory(outcomes, items: items, scenes: scenes) }
      folder?.synchronize()
      return
    }
    // Moved goldens are renamed, byte for byte, on a first run too: a golden recorded beside
    // the old numbers would otherwise share a number with a moved one, and the next check
    // could no longer tell the history's order.
    changed = rename(&outcomes, items: items) || changed
    for index in outcomes.indices {
      guard let itemIndex = outcomes[index].item, outcomes[index].error == nil else { continue }
      let item = items[itemIndex]
      guard options.selects(item.name), shouldRecord(outcomes[index], item) else { continue }
      do throws(FileError) {
        try record(item)
        outcomes[index].status = .recorded
        changed = true
      } catch {
        outcomes[index].error = "cannot record golden '\(item.name).png': \(error.reason)"
      }
    }
    for index in outcomes.indices where outcomes[index].renamed {
      if outcomes[index].status == .moved || outcomes[index].status == .passed {
        outcomes[index].status = .recorded
      }
    }
    if changed { writeHistory(outcomes, items: items, scenes: scenes) }
    folder?.synchronize()
  }

  private func shouldRecord(_ outcome: Outcome, _ item: Item) -> Bool {
    switch outcome.status {
    case .missing: return options.record.recordsMissing
    case .failed: return options.record.recordsFailed
    case .passed, .moved:
      guard options.record.recordsPassed else { return false }
      if outcome.golden.map({ goldens[$0].name }) == item.name, item.exact { return false }
      return true
    default: return false
    }
  }

  /// Writes an image's golden: the artifact written in pass one is moved into the golden
  /// folder when both are on one file system, else its bytes are written there whole.
  private func record(_ item: Item) throws(FileError) {
    let goldenFolder = try openOrMakeFolder()
    guard let (base, leaf) = try place(of: item.name + ".png", in: goldenFolder, creating: true)
    else { throw noFolder() }
    if item.spilled, let artifacts = existingArtifacts(),
      let (source, sourceLeaf) = try? place(of: item.name + ".actual.png", in: artifacts)
    {
      do {
        try base.move(sourceLeaf, from: source, to: leaf)
        return
      } catch {
        // Another file system: written below instead.
      }
    }
    guard let data = recordableBytes(of: item) else {
      throw FileError(
        path: DisplayPath.of(location.url), action: "write", reason: "the image is lost")
    }
    try AtomicFile.write(data, named: leaf, in: base, syncingFolder: false)
  }

  /// The error for a golden folder that could not be made.
  private func noFolder() -> FileError {
    FileError(path: DisplayPath.of(location.url), action: "create", reason: "no such folder")
  }

  /// The golden folder, made when it does not exist yet.
  func openOrMakeFolder() throws(FileError) -> FolderHandle {
    if let folder { return folder }
    guard let parent = try location.parent(creating: true),
      let made = try parent.subfolder(location.name, creating: true)
    else { throw noFolder() }
    self.parent = parent
    folder = made
    return made
  }

  /// Renames moved goldens to their images' names, in an order that replaces nothing: a chain
  /// of renames from its free end, a cycle through one hidden temporary name. A rename whose
  /// new name is held by a golden that stays (an orphan not pruned) is left undone, with a note.
  ///
  /// - Returns: whether any golden was renamed.
  private func rename(_ outcomes: inout [Outcome], items: [Item]) -> Bool {
    guard let folder else { return false }
    var pending: [(from: String, to: String, outcome: Int)] = []
    for index in outcomes.indices {
      guard let item = outcomes[index].item, let golden = outcomes[index].golden else { continue }
      let name = items[item].name
      guard goldens[golden].name != name, options.selects(name), !items[item].byName else {
        continue
      }
      pending.append((goldens[golden].fileName, name + ".png", index))
    }
    var renamed = false
    while !pending.isEmpty {
      var progress = false
      for (position, move) in pending.enumerated().reversed() where !folder.contains(move.to) {
        do throws(FileError) {
          if try folder.renameWithoutReplacing(move.from, to: move.to) {
            outcomes[move.outcome].renamed = true
            renamed = true
            pending.remove(at: position)
            progress = true
          }
        } catch {
          outcomes[move.outcome].error = error.description
          pending.remove(at: position)
          progress = true
        }
      }
      if progress { continue }
      // Every new name is taken. One held by a golden that is moving too is freed by moving
      // that golden aside first.
      guard
        let aside = pending.indices.first(where: { index in
          pending.contains { $0.to == pending[index].from }
        })
      else { break }
      let temporary = ".circles-move-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).tmp"
      do throws(FileError) {
        guard try folder.renameWithoutReplacing(pending[aside].from, to: temporary) else { break }
        pending[aside].from = temporary
      } catch {
        outcomes[pending[aside].outcome].error = error.description
        pending.remove(at: aside)
      }
    }
    for move in pending {
      outcomes[move.outcome].notes.append(
        "not renamed: '\(move.to)' is held by a golden without a frame; --prune deletes it")
      if move.from.hasPrefix(".circles-move-") {
        // Put back a golden moved aside for a cycle that could not be closed.
        let original = goldens[outcomes[move.outcome].golden!].fileName
        _ = try? folder.renameWithoutReplacing(move.from, to: original)
      }
    }
    return renamed
  }

  /// Rewrites `<golden folder>.history` with the scene of every golden there is now: the
  /// image's own for a golden that holds its picture (recorded, passed, moved), the one the
  /// history had for any other (a failure not recorded, an orphan kept).
  private func writeHistory(_ outcomes: [Outcome], items: [Item], scenes: GoldenScenes) {
    guard writesHistory else { return }
    let recorder = SceneRecorder()
    let current = SceneReader(self.scenes.history)
    func oldScene(_ golden: Int) -> CanvasState? {
      let bytes = scenes.trusts(golden) ? nil : read(golden, limit: 64 << 20)
      return scenes.scene(of: golden, bytes: bytes)
    }
    // Each line is tied to the image its golden holds now, once recorded and renamed.
    func image(of name: String) -> String? {
      guard let (base, leaf) = try? place(of: name + ".png", in: folder),
        let file = try? base.openFile(leaf)
      else { return nil }
      return PNGImageKey(file: file)?.storedDigest
    }
    for outcome in outcomes {
      if let index = outcome.item {
        let item = items[index]
        guard outcome.status != .missing else { continue }
        // The golden is under the image's name once recorded or renamed, or when it had it.
        let underOwnName =
          outcome.status == .recorded || outcome.renamed
          || outcome.golden.map { goldens[$0].name == item.name } ?? true
        let name = underOwnName ? item.name : goldens[outcome.golden!].name
        let holdsImage = outcome.status == .recorded || outcome.equivalent
        let scene = holdsImage ? current.scene(named: item.name) : outcome.golden.flatMap(oldScene)
        if let scene { recorder.append(name: name, scene: scene, image: image(of: name)) }
      } else if outcome.status == .orphan, let golden = outcome.golden,
        let scene = oldScene(golden)
      {
        let name = goldens[golden].name
        recorder.append(name: name, scene: scene, image: image(of: name))
      }
    }
    do throws(FileError) {
      var parent = self.parent
      if parent == nil { parent = try location.parent(creating: true) }
      if let parent {
        try AtomicFile.write(
          recorder.history.data, named: SceneHistory.fileName(forFolder: location.name),
          in: parent, syncingFolder: false)
      }
    } catch {
      // The goldens are written; only what a later failure can say about its scene is lost.
    }
  }

  /// Removes the artifacts of images that passed, moved or were recorded, and writes the
  /// actual image of a failure that pass one did not (its picture was that of another golden).
  func tidyArtifacts(_ outcomes: [Outcome], items: [Item]) {
    for outcome in outcomes {
      guard let index = outcome.item else { continue }
      let item = items[index]
      let failing = outcome.status == .failed || outcome.status == .missing
      if failing, !item.spilled, item.identical != nil, let data = recordableBytes(of: item) {
        try? writeArtifact(data, of: item.name, suffix: ".actual.png")
      }
      guard let artifacts = existingArtifacts() else { continue }
      var stale: [String] = []
      if !failing { stale.append(".actual.png") }
      if !failing || !outcome.diff { stale.append(".diff.png") }
      if !failing || !outcome.strip { stale.append(".strip.png") }
      for suffix in stale {
        if let (base, leaf) = try? place(of: item.name + suffix, in: artifacts), base.contains(leaf)
        {
          try? base.remove(leaf)
        }
      }
    }
  }
}
