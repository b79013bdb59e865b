/// A plainly written brute-force scorer that the `ScoringTable` is checked against.
///
/// It shares none of the table's code paths: it works on the faces of a roll as
/// rolled (an array of `Int`, any order), tries every subset of the dice
/// positions, searches every way of splitting that subset into groups, and
/// names each group's combination directly from the rule definitions in
/// `CombinationPoints` (it does not use `Combination`, `DiceCatalog`,
/// `DiceCounts` or `CombinationPoints`' own helpers).
///
/// Slow on purpose: a roll of six dice takes about 900 splits.
/// Six 1s score as six of a kind; the instant win belongs to the game.
package struct ReferenceScorer: Sendable {
    /// The combination points the reference scores with.
    package let combinations: CombinationPoints
    /// The points added to a keep of every die rolled (the rules' hot-dice bonus).
    package let hotDiceBonus: Int

    /// Creates a reference scorer for the combinations and the hot-dice bonus of `rules`.
    package init(rules: RuleSet) {
        self.combinations = rules.combinations
        self.hotDiceBonus = rules.turn.hotDiceBonus
    }

    /// Creates a reference scorer for `combinations`, with no hot-dice bonus.
    package init(combinations: CombinationPoints) {
        self.combinations = combinations
        self.hotDiceBonus = 0
    }

    // MARK: - Rolls

    /// Every distinct keep of a roll and its `best[k]` summary.
    ///
    /// - Parameter faces: the dice as rolled, 1 to 6 dice showing 1...6, any order.
    package func evaluate(_ faces: [Int]) -> Evaluation {
        precondition(faces.count <= 6 && faces.allSatisfy { (1...6).contains($0) }, "a roll is up to six dice of 1...6")
        var scoreOfKeep: [[Int]: Int] = [:]
        var triedKeeps: Set<[Int]> = []
        let positionSets = 1..<(1 << faces.count)
        for positions in positionSets {
            let kept = faces.indices.filter { positions & (1 << $0) != 0 }.map { faces[$0] }
            let sortedFaces = kept.sorted()
            // Other positions showing the same faces were already split: same dice, same splits.
            guard !triedKeeps.contains(sortedFaces) else { continue }
            triedKeeps.insert(sortedFaces)
            guard let score = bestSplit(of: kept) else { continue }
            // Every die of the roll set aside: hot dice, which earn the bonus.
            scoreOfKeep[sortedFaces] = kept.count == faces.count ? score + hotDiceBonus : score
        }
        var best = [Int](repeating: 0, count: faces.count + 1)
        var keeps: [ReferenceKeep] = []
        for (kept, score) in scoreOfKeep {
            keeps.append(ReferenceKeep(faces: kept, score: score))
            best[kept.count] = max(best[kept.count], score)
        }
        keeps.sort { lhs, rhs in
            lhs.faces.count != rhs.faces.count
                ? lhs.faces.count < rhs.faces.count : lhs.faces.lexicographicallyPrecedes(rhs.faces)
        }
        return Evaluation(keeps: keeps, best: best)
    }

    /// The highest score over every way of splitting all of `faces` into combinations, or `nil`
    /// when they cannot be split entirely into combinations.
    package func bestSplit(of faces: [Int]) -> Int? {
        if faces.isEmpty { return 0 }
        // The first die belongs to some group; try every group that contains it.
        let first = faces[0]
        let others = Array(faces.dropFirst())
        var best: Int?
        for companions in 0..<(1 << others.count) {
            var group = [first]
            var rest: [Int] = []
            for (position, face) in others.enumerated() {
                if companions & (1 << position) != 0 { group.append(face) } else { rest.append(face) }
            }
            guard let groupPoints = points(ofGroup: group), let restPoints = bestSplit(of: rest) else {
                continue
            }
            best = max(best ?? 0, groupPoints + restPoints)
        }
        return best
    }

    // MARK: - One group

    /// The points of `group` as one single combination (the highest if it is several), or `nil`.
    package func points(ofGroup group: [Int]) -> Int? {
        let faces = group.sorted()
        var tally = [Int](repeating: 0, count: 7)
        for face in faces { tally[face] += 1 }
        // The sizes of the runs of equal faces, largest first: [3, 2] is a full house shape.
        let shape = tally.filter { $0 > 0 }.sorted(by: >)
        var candidates: [Int?] = []

        if faces == [1] { candidates.append(combinations.singleOne) }
        if faces == [5] { candidates.append(combinations.singleFive) }
        if shape.count == 1, faces.count >= 3, let face = faces.first {
            candidates.append(ofAKind(count: faces.count, face: face))
            if faces.count == 6 {
                if combinations.threePairsAlso.contains(.sixOfAKind) {
                    candidates.append(atLeastFaces(combinations.threePairs, .threePairs, faces))
                }
                if combinations.twoTripletsIncludeSixOfAKind {
                    candidates.append(atLeastFaces(combinations.twoTriplets, .twoTriplets, faces))
                }
            }
        }
        if shape == [3, 2], let tripleFace = tally.firstIndex(of: 3) {
            switch combinations.fullHouse {
            case .off: break
            case .flat(let value): candidates.append(value)
            case .threeOfAKindPlus(let bonus):
                candidates.append(combinations.threeOfAKind[tripleFace - 1].map { $0 + bonus })
            }
        }
        if shape == [4, 2] {
            candidates.append(combinations.fullMansion)
            if combinations.threePairsAlso.contains(.fourAndPair) {
                candidates.append(atLeastFaces(combinations.threePairs, .threePairs, faces))
            }
        }
        if shape == [2, 2, 2] { candidates.append(atLeastFaces(combinations.threePairs, .threePairs, faces)) }
        if shape == [3, 3] { candidates.append(atLeastFaces(combinations.twoTriplets, .twoTriplets, faces)) }
        if faces == [1, 2, 3, 4] || faces == [2, 3, 4, 5] || faces == [3, 4, 5, 6] {
            candidates.append(combinations.fourDiceStraight)
        }
        if faces == [1, 2, 3, 4, 5] { candidates.append(combinations.smallStraight) }
        if faces == [2, 3, 4, 5, 6] {
            // 2-3-4-5-6 has its own value where a rule set gives one (`kcd`: 750), none where it is off, else the
            // small straight's.
            switch combinations.highSmallStraight {
            case .asLow: candidates.append(combinations.smallStraight)
            case .points(let points): candidates.append(points)
            case .off: break
            }
        }
        if faces == [1, 2, 3, 4, 5, 6] {
            candidates.append(atLeastFaces(combinations.largeStraight, .largeStraight, faces))
        }

        return candidates.compactMap { $0 }.max()
    }

    /// A six-dice combination's `points`, or the dice counted face by face where the rules say "at least" and
    /// that is higher.
    private func atLeastFaces(_ points: Int?, _ combination: SixDiceCombination, _ faces: [Int]) -> Int? {
        guard let points, combinations.countingFaces.contains(combination) else { return points }
        var counted = 0
        for face in 1...6 { counted += alone(faces.filter { $0 == face }) }
        return max(points, counted)
    }

    /// The most that dice of one face score with nothing else: each die is either a single 1 or 5, or part of one
    /// three-or-more of a kind, or scores nothing; searched by taking the first die every possible way.
    private func alone(_ sameFaces: [Int]) -> Int {
        guard let face = sameFaces.first else { return 0 }
        let rest = Array(sameFaces.dropFirst())
        var single: Int?
        if face == 1 { single = combinations.singleOne }
        if face == 5 { single = combinations.singleFive }
        var best = alone(rest) + (single ?? 0)
        if sameFaces.count >= 3 {
            for size in 3...sameFaces.count {
                guard let group = ofAKind(count: size, face: face) else { continue }
                best = max(best, group + alone(Array(sameFaces.dropFirst(size))))
            }
        }
        return best
    }

    /// Three to six dice of one face, from the rule definitions (see the Rules article).
    private func ofAKind(count: Int, face: Int) -> Int? {
        let triple = combinations.threeOfAKind[face - 1]
        if count == 3 { return triple }
        // Six 1s may have a value of their own, whatever other sixes score.
        if count == 6, face == 1, let sixOnes = combinations.sixOnes { return sixOnes }
        let rule: OfAKindPoints
        switch count {
        case 4: rule = combinations.fourOfAKind
        case 5: rule = combinations.fiveOfAKind
        default: rule = combinations.sixOfAKind
        }
        switch rule {
        case .off:
            return nil
        case .flat(let value):
            return value
        case .linear:
            // Each die beyond three adds the triple's value once more: four 3s = 600, five 3s = 900.
            guard let triple else { return nil }
            var total = triple
            for _ in 3..<count { total += triple }
            return total
        case .doubling:
            // Each die beyond three doubles: four 3s = 600, five 3s = 1200.
            guard let triple else { return nil }
            var total = triple
            for _ in 3..<count { total *= 2 }
            return total
        }
    }
}

// MARK: - Results

extension ReferenceScorer {
    /// What the reference finds for one roll.
    package struct Evaluation: Hashable, Sendable {
        /// Every distinct keep (as sorted faces) with its maximum split score, fewest dice first.
        package let keeps: [ReferenceKeep]
        /// `best[k]` for k = 0...n: the highest score of a keep of exactly k dice, 0 where none.
        package let best: [Int]

        /// Whether the roll allows no keep.
        package var isFarkle: Bool { keeps.isEmpty }
    }
}

/// A keep as the reference scorer reports it: sorted faces and score.
package struct ReferenceKeep: Hashable, Sendable, CustomStringConvertible {
    /// The kept dice, lowest face first.
    package let faces: [Int]
    /// The maximum over every split of the dice into combinations.
    package let score: Int

    /// Creates a keep of `faces` (sorted here) scoring `score`.
    package init(faces: [Int], score: Int) {
        self.faces = faces.sorted()
        self.score = score
    }

    /// `155 = 200`, as `Keep` prints.
    package var description: String {
        faces.map(String.init).joined() + " = \(score)"
    }
}
