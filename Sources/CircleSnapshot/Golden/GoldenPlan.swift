/// Everything one check does to a golden folder, worked out whole before anything is written:
/// which golden each image is checked against, what became of each image and golden, and the
/// deletions, renames and writes that follow, in an order that replaces nothing it should not.
///
/// The rules (README, "Goldens follow the history"; docs/guarantees.md):
/// - An image is paired with at most one golden and a golden with at most one image: frames by
///   ``GoldenAlignment`` (action slugs and pictures), `render` targets and snapshots by name.
///   A golden that has a frame's name is never left without a frame while that frame has none:
///   it is that frame's golden. So one path never has two statuses: no golden without a frame
///   holds the name of a frame that is missing, recorded, or renamed to it. (A frame whose
///   golden moved or differs may wait, not renamed, while a golden without a frame holds its
///   name: `--prune` frees it.)
/// - Statuses: `passed` (same picture, same name), `moved` (same picture, another name),
///   `failed` (another picture, or a golden that is not a whole PNG), `missing` (no golden),
///   `orphan` (a golden without an image).
/// - Operations, only for the images and goldens the options select: `prune` deletes orphans;
///   any recording mode renames moved goldens to their frame's name, byte for byte; `missing`
///   writes new goldens; `failed` replaces a failed frame's golden (renamed to the frame's name
///   first when it had another); `all` rewrites the others whose bytes would change.
/// - A write or rename never takes a name some golden still holds: it waits until that golden
///   has moved away in the same plan, or is left undone with a note.
///
/// ``violations`` checks these rules on the plan itself; a check applies a plan only when it
/// has none.
struct GoldenPlan: Sendable {
  /// A golden file of the folder.
  struct Golden: Hashable, Sendable {
    /// Its name without `.png`.
    var name: String
    /// Its action slug, when it is named like a frame.
    var slug: String
    /// Whether it is named like a frame (`0004-add-sun`).
    var isFrame: Bool
    /// The picture it shares, byte for byte, with some image, if known.
    var picture: Int?
  }

  /// An image of the script, in order.
  struct Image: Hashable, Sendable {
    /// Its name without `.png`.
    var name: String
    /// Its action slug.
    var slug: String
    /// Whether it is matched with a golden by its name alone (a `render` target, a snapshot).
    var byName: Bool
    /// The picture it shares, byte for byte, with some golden, if any.
    var picture: Int?
    /// Whether it could be made and encoded: an image with an error is reported, never written.
    var usable = true
    /// Whether the golden of its own name holds exactly the bytes a record would write.
    var exact = false
  }

  /// How an image compares with its golden, once compared.
  enum Verdict: Hashable, Sendable {
    /// The same picture (byte for byte, or within the comparison's tolerance).
    case same
    /// Another picture, or another size.
    case differs
    /// The golden is not a whole PNG, or cannot be read.
    case unreadable
  }

  /// What the options allow a check to do.
  struct Rules: Sendable {
    var record: RecordMode
    var prune: Bool
    /// Whether orphans are reported (not when the script stopped before its end).
    var reportsOrphans = true
    /// Which images and goldens the plan may touch, by name.
    var selects: @Sendable (String) -> Bool = { _ in true }
  }

  /// What became of one image, or of one golden without an image.
  struct Entry: Hashable, Sendable {
    var image: Int?
    var golden: Int?
    var status: FrameStatus
    /// The status before any operation: what the comparison found.
    var found: FrameStatus
    /// Whether the plan renames the golden to the image's name.
    var renamed = false
    /// Why an operation the options ask for is left undone.
    var note: String?
  }

  /// One change to the folder.
  enum Operation: Hashable, Sendable {
    /// Deletes an orphan golden.
    case delete(golden: Int)
    /// Renames a golden, byte for byte, without replacing anything.
    case rename(golden: Int, to: String)
    /// Writes an image's golden under its name: a new file (replacing nothing) when `over` is
    /// `nil`, else in place of that golden, which already has the image's name.
    case write(image: Int, over: Int?)
  }

  let images: [Image]
  let goldens: [Golden]
  /// The golden of each image, by image.
  let pairs: [Int: Int]
  /// The goldens in the order of their history.
  let order: [Int]
  /// What the options allowed.
  let record: RecordMode
  let prunes: Bool
  /// Each image in order, then each golden without an image (when reported), in history order.
  /// Made by the initializer; the tests change it to show that ``violations`` sees the change.
  var entries: [Entry] = []
  /// The changes, in the order they are made; made by the initializer, as ``entries``.
  var operations: [Operation] = []

  /// Pairs images with goldens.
  ///
  /// - Parameters:
  ///   - images: the script's images in order.
  ///   - goldens: the folder's goldens.
  /// - Returns: the golden of each paired image.
  ///   - order: the goldens in the order of their history (``historyOrder(of:listed:)``).
  static func pairs(images: [Image], goldens: [Golden], order: [Int]) -> [Int: Int] {
    var byName: [String: Int] = [:]
    for index in goldens.indices { byName[goldens[index].name] = index }
    var pairs: [Int: Int] = [:]
    var claimed: Set<Int> = []
    for index in images.indices where images[index].byName {
      if let golden = byName[images[index].name] {
        pairs[index] = golden
        claimed.insert(golden)
      }
    }
    let frames = images.indices.filter { !images[$0].byName }
    let history = order.filter { goldens[$0].isFrame && !claimed.contains($0) }
    let matches = GoldenAlignment.matches(
      frames: frames.map {
        GoldenAlignment.Step(slug: images[$0].slug, picture: images[$0].picture)
      },
      goldens: history.map {
        GoldenAlignment.Step(slug: goldens[$0].slug, picture: goldens[$0].picture)
      })
    for match in matches { pairs[frames[match.frame]] = history[match.golden] }
    claimByName(&pairs, frames: frames, images: images, goldens: goldens, byName: byName)
    return pairs
  }

  /// The goldens in the order of their history: those the history beside the golden folder
  /// lists in its order, each other one before the first listed golden of a greater number.
  ///
  /// Numbers alone would not do once goldens of two versions of a script share the folder: a
  /// failed golden keeps its old number while the new frame before it gets its golden under
  /// the new one (`0001-add-a`, failed as frame 2, beside a recorded `0001-add-d`), and only
  /// the history, rewritten in frame order by every check that changes the folder, says that
  /// `add-d` comes first. Without a history (goldens made by hand), frame goldens go by
  /// number, then by name.
  ///
  /// - Parameter listed: the names of the history's lines, in order.
  static func historyOrder(of goldens: [Golden], listed: [String]) -> [Int] {
    var index: [String: Int] = [:]
    for golden in goldens.indices { index[goldens[golden].name] = golden }
    var seen: Set<Int> = []
    let inHistory = listed.compactMap { index[$0] }.filter { seen.insert($0).inserted }
    let files = goldens.map { GoldenFile(name: $0.name) }
    let others = goldens.indices.filter { !seen.contains($0) }.sorted {
      GoldenFile.historyOrder(files[$0], files[$1])
    }
    var result: [Int] = []
    var next = 0
    for golden in inHistory {
      let number = files[golden].number ?? .max
      while next < others.count, (files[others[next]].number ?? .max) < number {
        result.append(others[next])
        next += 1
      }
      result.append(golden)
    }
    return result + others[next...]
  }

  /// Gives each frame that has no golden the golden of its own name, when that golden has no
  /// image either (the alignment left both out: the history around them changed), so that no
  /// golden without a frame has the name of a frame without a golden.
  private static func claimByName(
    _ pairs: inout [Int: Int], frames: [Int], images: [Image], goldens: [Golden],
    byName: [String: Int]
  ) {
    let paired = Set(pairs.values)
    for frame in frames where pairs[frame] == nil {
      if let named = byName[images[frame].name], goldens[named].isFrame, !paired.contains(named) {
        pairs[frame] = named
      }
    }
  }

  /// Works out statuses and operations.
  ///
  /// - Parameters:
  ///   - images: the script's images in order.
  ///   - goldens: the folder's goldens.
  ///   - pairs: the golden of each paired image, from ``pairs(images:goldens:order:)``.
  ///   - order: the goldens in the order of their history, as for the pairs.
  ///   - verdicts: how each paired image compares with its golden.
  ///   - rules: what the options allow.
  init(
    images: [Image], goldens: [Golden], pairs: [Int: Int], order: [Int],
    verdicts: [Int: Verdict], rules: Rules
  ) {
    self.images = images
    self.goldens = goldens
    self.pairs = pairs
    record = rules.record
    prunes = rules.prune
    let paired = Set(pairs.values)
    self.order = order
    for index in images.indices {
      var status = FrameStatus.missing
      if let golden = pairs[index] {
        let same = verdicts[index] == .same && images[index].usable
        status = !same ? .failed : goldens[golden].name == images[index].name ? .passed : .moved
      }
      entries.append(Entry(image: index, golden: pairs[index], status: status, found: status))
    }
    if rules.reportsOrphans {
      let orphans = order.filter { !paired.contains($0) }
      for golden in orphans {
        entries.append(Entry(golden: golden, status: .orphan, found: .orphan))
      }
    }
    schedule(verdicts: verdicts, rules: rules)
  }

  /// What the options ask of one entry, before the order of the folder's names is considered.
  private func wanted(_ entry: Entry, verdicts: [Int: Verdict], rules: Rules) -> [Operation] {
    guard let image = entry.image else {
      guard entry.status == .orphan, rules.prune, let golden = entry.golden,
        rules.selects(goldens[golden].name)
      else { return [] }
      return [.delete(golden: golden)]
    }
    let item = images[image]
    guard item.usable, rules.record.isRecording, rules.selects(item.name) else { return [] }
    switch entry.status {
    case .missing:
      return rules.record.recordsMissing ? [.write(image: image, over: nil)] : []
    case .failed:
      guard rules.record.recordsFailed, let golden = entry.golden else { return [] }
      return moving(golden, to: image) + [.write(image: image, over: golden)]
    case .moved:
      guard let golden = entry.golden, !item.byName else { return [] }
      // A moved golden is renamed by every recording mode; `all` also rewrites its bytes
      // when they would change.
      let rewrite = rules.record.recordsPassed && !item.exact
      return [.rename(golden: golden, to: item.name)]
        + (rewrite ? [.write(image: image, over: golden)] : [])
    case .passed:
      guard rules.record.recordsPassed, !item.exact, let golden = entry.golden else { return [] }
      return [.write(image: image, over: golden)]
    default:
      return []
    }
  }

  private func moving(_ golden: Int, to image: Int) -> [Operation] {
    goldens[golden].name == images[image].name
      ? [] : [.rename(golden: golden, to: images[image].name)]
  }

  /// Orders the operations so that no name is taken while a golden still holds it: deletions
  /// first, then each entry's operations as soon as the name they take is free (a chain of
  /// renames from its free end). An entry whose name never frees is left undone, with a note.
  private mutating func schedule(verdicts: [Int: Verdict], rules: Rules) {
    var holder: [String: Int] = [:]
    for index in goldens.indices { holder[goldens[index].name] = index }
    var jobs: [(entry: Int, operations: [Operation])] = []
    for index in entries.indices {
      let operations = wanted(entries[index], verdicts: verdicts, rules: rules)
      guard let first = operations.first else { continue }
      if case .delete(let golden) = first {
        holder[goldens[golden].name] = nil
        apply(first, to: index)
      } else {
        jobs.append((index, operations))
      }
    }
    // Each job waits at most once for the name it takes, and is tried again when that name
    // is freed: linear in the jobs, however long the chains.
    var waiting: [String: Int] = [:]
    var ready = Array(jobs.indices.reversed())
    while let job = ready.popLast() {
      let entry = jobs[job].entry
      let target = images[entries[entry].image!].name
      if let held = holder[target], held != entries[entry].golden {
        waiting[target] = job
        continue
      }
      for operation in jobs[job].operations {
        if case .rename(let golden, let name) = operation {
          let freed = goldens[golden].name
          holder[freed] = nil
          holder[name] = golden
          if let next = waiting.removeValue(forKey: freed) { ready.append(next) }
        } else if case .write(let image, nil) = operation {
          holder[images[image].name] = -1 - image
        }
        apply(operation, to: entry)
      }
    }
    for job in waiting.values.sorted() {
      let entry = jobs[job].entry
      let target = images[entries[entry].image!].name
      let blocker = holder[target].flatMap { $0 >= 0 ? $0 : nil }
      let owner = blocker.flatMap { golden in entries.first { $0.golden == golden } }
      let what = entries[entry].found == .missing ? "not recorded" : "not renamed"
      var note = "\(what): '\(target).png' still holds "
      if let owner, let image = owner.image {
        note += "the golden of \(images[image].name), which is \(owner.status.rawValue)"
      } else if owner?.status == .orphan {
        note += "another golden, which has no frame; --prune deletes it"
      } else {
        note += "another golden"
      }
      entries[entry].note = note
    }
  }

  /// Records an operation and what it makes of its entry's status.
  private mutating func apply(_ operation: Operation, to entry: Int) {
    operations.append(operation)
    switch operation {
    case .delete:
      entries[entry].status = .pruned
    case .rename:
      entries[entry].renamed = true
    case .write:
      // A golden written anew is recorded, whatever name it had: not a rename.
      entries[entry].status = .recorded
      entries[entry].renamed = false
    }
  }

  /// Every way the plan breaks the rules, as sentences; empty for a plan that may be applied.
  ///
  /// Checked: each image and each reported golden has one entry; no golden belongs to two
  /// entries; no orphan has a frame's name; each operation finds its golden where the
  /// operations before it left it and takes only a free name (a write in place only over its
  /// own image's golden); only orphans are deleted, only with pruning; writes only as the
  /// record mode allows; and afterwards every golden that was neither deleted nor replaced is
  /// in the folder under one name.
  var violations: [String] {
    var problems: [String] = []
    let imageEntries = entries.compactMap(\.image)
    if imageEntries != Array(images.indices) { problems.append("images and entries differ") }
    var owners: [Int: Int] = [:]
    for (index, entry) in entries.enumerated() {
      guard let golden = entry.golden else { continue }
      if let other = owners[golden] {
        problems.append("golden \(goldens[golden].name) has entries \(other) and \(index)")
      }
      owners[golden] = index
    }
    // A name an image claims: the golden it lacks, the one written for it, or the one renamed
    // to it. No golden that stays without an image may hold such a name.
    let claimed = Set(
      entries.compactMap { entry -> String? in
        guard let image = entry.image else { return nil }
        let claims = entry.status == .missing || entry.status == .recorded || entry.renamed
        return claims ? images[image].name : nil
      })
    for entry in entries where entry.image == nil && entry.status == .orphan {
      if let golden = entry.golden, claimed.contains(goldens[golden].name) {
        problems.append("orphan \(goldens[golden].name) has the name an image claims")
      }
    }
    var folder: [String: Int] = [:]
    for index in goldens.indices { folder[goldens[index].name] = index }
    var gone: Set<Int> = []
    for operation in operations {
      switch operation {
      case .delete(let golden):
        let entry = owners[golden].map { entries[$0] }
        if !prunes || entry?.image != nil || entry?.found != .orphan {
          problems.append("deletes \(goldens[golden].name), which is not an orphan")
        }
        if folder[goldens[golden].name] != golden {
          problems.append("deletes \(goldens[golden].name), which is not there")
        }
        folder[goldens[golden].name] = nil
        gone.insert(golden)
      case .rename(let golden, let name):
        if !record.isRecording { problems.append("renames \(goldens[golden].name) unasked") }
        if folder[goldens[golden].name] != golden {
          problems.append("renames \(goldens[golden].name), which is not there")
        }
        if folder[name] != nil { problems.append("renames \(goldens[golden].name) over \(name)") }
        folder[goldens[golden].name] = nil
        folder[name] = golden
      case .write(let image, let over):
        let name = images[image].name
        let found = entries[image].found
        let allowed =
          switch found {
          case .missing: record.recordsMissing && over == nil
          case .failed: record.recordsFailed && over != nil
          case .passed, .moved: record.recordsPassed && over != nil
          default: false
          }
        if !allowed || !images[image].usable {
          problems.append("writes \(name), which the record mode \(record) does not allow")
        }
        if let over {
          if folder[name] != over || pairs[image] != over {
            problems.append("writes \(name) over a golden that is not its own")
          }
          gone.insert(over)
        } else if folder[name] != nil {
          problems.append("writes \(name) over a golden")
        }
        folder[name] = -1 - image
      }
    }
    let kept = Set(folder.values.filter { $0 >= 0 })
    for golden in goldens.indices where !gone.contains(golden) && !kept.contains(golden) {
      problems.append("loses golden \(goldens[golden].name)")
    }
    return problems
  }
}
