/// The points of every scoring combination of a rule set, or `nil` where it is switched off.
///
/// All values are in points. A keep scores the maximum over the ways of
/// splitting it into these combinations (see `ScoringTable`).
public struct CombinationPoints: Hashable, Sendable {
    /// A single 1 (100 in `standard`).
    public var singleOne: Int?
    /// A single 5 (50 in `standard`).
    public var singleFive: Int?
    /// Three of a kind, indexed by face - 1 (`[1000, 200, 300, 400, 500, 600]` in `standard`).
    public var threeOfAKind: [Int?]
    /// Four of a kind (flat 2000 in `standard`).
    public var fourOfAKind: OfAKindPoints
    /// Five of a kind (flat 3000 in `standard`).
    public var fiveOfAKind: OfAKindPoints
    /// Six of a kind, six 1s included where they do not win outright (flat 10000 in `standard`).
    public var sixOfAKind: OfAKindPoints
    /// Three of a kind plus a pair of another face.
    public var fullHouse: FullHousePoints
    /// Four of a kind plus a pair of another face (2250 in `standard`).
    public var fullMansion: Int?
    /// Three pairs of three different faces (1500 in `standard`).
    public var threePairs: Int?
    /// Which other patterns also count as three pairs (none in `standard`).
    public var threePairsAlso: Set<PairsPattern>
    /// Two triplets of different faces (2500 in `standard`).
    public var twoTriplets: Int?
    /// Whether six of a kind also counts as two triplets (no in `standard`).
    public var twoTripletsIncludeSixOfAKind: Bool
    /// Five dice in a row, 1-2-3-4-5 or 2-3-4-5-6 (1500 in `standard`).
    public var smallStraight: Int?
    /// Six dice in a row, 1-2-3-4-5-6 (1500 in `standard`).
    public var largeStraight: Int?
    /// The six-dice combinations that score at least their points: the higher of their points and their six
    /// dice counted face by face (`facePoints(_:face:)`); none in `standard`.
    public var countingFaces: Set<SixDiceCombination>

    /// How the five dice 2-3-4-5-6 score: as 1-2-3-4-5 (`standard`), points of their own (750 in `kcd`), or not
    /// at all (a house rule).
    ///
    /// Set after `init` (`kcd` does), so the initializer's signature stays as it was.
    public var highSmallStraight: HighSmallStraightPoints = .asLow

    /// Four dice in a row, 1-2-3-4, 2-3-4-5 or 3-4-5-6 (a house rule; off in `standard`).
    ///
    /// Set after `init`, as `highSmallStraight` is.
    public var fourDiceStraight: Int? = nil

    /// Six 1s where they score differently from every other six of a kind (a house rule); `nil`: the
    /// `sixOfAKind` value applies to them too.
    ///
    /// Set after `init`, as `highSmallStraight` is. Where six 1s win at once (`GameRules.instantWinFaces`), a game
    /// never scores them; a single turn still does.
    public var sixOnes: Int? = nil

    /// Creates a set of combination points; anything not given is switched off.
    public init(
        singleOne: Int? = nil,
        singleFive: Int? = nil,
        threeOfAKind: [Int?] = Array(repeating: nil, count: 6),
        fourOfAKind: OfAKindPoints = .off,
        fiveOfAKind: OfAKindPoints = .off,
        sixOfAKind: OfAKindPoints = .off,
        fullHouse: FullHousePoints = .off,
        fullMansion: Int? = nil,
        threePairs: Int? = nil,
        threePairsAlso: Set<PairsPattern> = [],
        twoTriplets: Int? = nil,
        twoTripletsIncludeSixOfAKind: Bool = false,
        smallStraight: Int? = nil,
        largeStraight: Int? = nil,
        countingFaces: Set<SixDiceCombination> = []
    ) {
        precondition(threeOfAKind.count == 6, "three of a kind has one value per face")
        self.singleOne = singleOne
        self.singleFive = singleFive
        self.threeOfAKind = threeOfAKind
        self.fourOfAKind = fourOfAKind
        self.fiveOfAKind = fiveOfAKind
        self.sixOfAKind = sixOfAKind
        self.fullHouse = fullHouse
        self.fullMansion = fullMansion
        self.threePairs = threePairs
        self.threePairsAlso = threePairsAlso
        self.twoTriplets = twoTriplets
        self.twoTripletsIncludeSixOfAKind = twoTripletsIncludeSixOfAKind
        self.smallStraight = smallStraight
        self.largeStraight = largeStraight
        self.countingFaces = countingFaces
    }

    /// The points of `count` (3...6) dice of `face`, or `nil` if that combination is off.
    func ofAKind(_ count: Int, face: Int) -> Int? {
        let triple = threeOfAKind[face - 1]
        switch count {
        case 3: return triple
        case 4: return fourOfAKind.points(forCount: 4, threeOfAKind: triple)
        case 5: return fiveOfAKind.points(forCount: 5, threeOfAKind: triple)
        case 6:
            if face == 1, let sixOnes { return sixOnes }
            return sixOfAKind.points(forCount: 6, threeOfAKind: triple)
        default: return nil
        }
    }

    /// The points of `count` dice of `face` counted on their own: the best of its n of a kind (with any dice
    /// beyond it as singles) and single 1s and 5s; 0 for dice that score nothing alone.
    ///
    /// This is how a combination in `countingFaces` counts its six dice: in `farkleten`, 6-6-6-6-2-2 counts
    /// 1200 (four 6s) + 0 (two 2s).
    func facePoints(_ count: Int, face: Int) -> Int {
        let single = (face == 1 ? singleOne : face == 5 ? singleFive : nil) ?? 0
        var best = count * single
        for size in stride(from: 3, through: count, by: 1) {
            guard let points = ofAKind(size, face: face) else { continue }
            best = max(best, points + (count - size) * single)
        }
        return best
    }

    /// The points of the six-dice combination `combination` made of `dice` (face: count), or `nil` if it is off.
    ///
    /// `points` is the combination's value (`threePairs`, ...); where `countingFaces` holds the combination,
    /// the dice counted face by face score instead when that is higher.
    func points(_ points: Int?, of combination: SixDiceCombination, dice: [Int: Int]) -> Int? {
        guard let points, countingFaces.contains(combination) else { return points }
        return max(points, dice.reduce(0) { $0 + facePoints($1.value, face: $1.key) })
    }

    /// The points of the five dice in a row from `lowestFace` (1: 1-2-3-4-5, 2: 2-3-4-5-6), or `nil` if off.
    func smallStraight(from lowestFace: Int) -> Int? {
        guard lowestFace == 2 else { return smallStraight }
        switch highSmallStraight {
        case .asLow: return smallStraight
        case .points(let points): return points
        case .off: return nil
        }
    }

    /// The points of three `tripleFace`s with a pair of another face, or `nil` if off.
    func fullHouse(tripleFace: Int) -> Int? {
        switch fullHouse {
        case .off: return nil
        case .flat(let points): return points
        case .threeOfAKindPlus(let bonus): return threeOfAKind[tripleFace - 1].map { $0 + bonus }
        }
    }
}
