// The built-in dice catalog: the text of `kcd-dice.json` beside this file, kept here so
// FarkleKit needs no resource bundle. A test checks that the two are the same, byte for byte.

extension LoadedDiceCatalog {
    /// The JSON text of the built-in catalog, as in `Rules/kcd-dice.json` (the empty line keeps its final newline).
    static let builtInText = #"""
        {
          "dice": [
            {"name": "ordinary", "weights": [1, 1, 1, 1, 1, 1], "source": "a fair die"},
            {"name": "arankas", "weights": [6, 1, 6, 1, 6, 1], "source": "KCD II community dice table"},
            {"name": "cautious-cheaters", "weights": [5, 3, 2, 3, 5, 3], "source": "KCD II community dice table"},
            {"name": "ci", "weights": [3, 3, 3, 3, 3, 6], "source": "KCD II community dice table", "alternative_weights": [3, 3, 3, 3, 3, 8]},
            {"name": "die-of-misfortune", "weights": [1, 5, 5, 5, 5, 1], "source": "KCD II community dice table"},
            {"name": "even", "weights": [2, 8, 2, 8, 2, 8], "source": "KCD II community dice table"},
            {"name": "favourable", "weights": [6, 0, 1, 1, 6, 4], "source": "KCD II community dice table"},
            {"name": "fer", "weights": [3, 3, 3, 3, 3, 6], "source": "KCD II community dice table", "alternative_weights": [3, 3, 3, 3, 3, 8]},
            {"name": "greasy", "weights": [3, 2, 3, 2, 3, 4], "source": "KCD II community dice table"},
            {"name": "grimy", "weights": [1, 5, 1, 1, 7, 1], "source": "KCD II community dice table"},
            {"name": "grozavs-lucky", "weights": [1, 10, 1, 1, 1, 1], "source": "KCD II community dice table"},
            {"name": "heavenly-kingdom", "weights": [7, 2, 2, 2, 2, 4], "source": "KCD II community dice table"},
            {"name": "holy-trinity", "weights": [4, 5, 7, 1, 1, 1], "source": "KCD II community dice table", "alternative_weights": [4, 5, 10, 1, 1, 1]},
            {"name": "kings", "weights": [4, 6, 7, 8, 4, 3], "source": "KCD II community dice table"},
            {"name": "lousy-gamblers", "weights": [2, 3, 2, 3, 7, 3], "source": "KCD II community dice table"},
            {"name": "lu", "weights": [3, 3, 3, 3, 3, 6], "source": "KCD II community dice table", "alternative_weights": [3, 3, 3, 3, 3, 8]},
            {"name": "lucky", "weights": [6, 1, 2, 3, 4, 6], "source": "KCD II community dice table"},
            {"name": "mathematicians", "weights": [4, 5, 6, 7, 1, 1], "source": "KCD II community dice table"},
            {"name": "mother-of-pearl", "weights": [3, 1, 1, 1, 3, 3], "source": "KCD II community dice table"},
            {"name": "odd", "weights": [8, 2, 8, 2, 8, 2], "source": "KCD II community dice table"},
            {"name": "painted", "weights": [3, 1, 1, 1, 6, 3], "source": "KCD II community dice table", "alternative_weights": [3, 1, 1, 1, 7, 3]},
            {"name": "painters", "weights": [1, 3, 2, 2, 2, 1], "source": "KCD II community dice table"},
            {"name": "pie", "weights": [6, 1, 3, 3, 0, 0], "source": "KCD II community dice table"},
            {"name": "sad-greasers", "weights": [6, 6, 1, 1, 6, 3], "source": "KCD II community dice table"},
            {"name": "saint-antiochus", "weights": [3, 1, 6, 1, 1, 3], "source": "KCD II community dice table"},
            {"name": "shrinking", "weights": [2, 1, 1, 1, 1, 3], "source": "KCD II community dice table"},
            {"name": "strip", "weights": [4, 2, 2, 2, 3, 3], "source": "KCD II community dice table"},
            {"name": "three", "weights": [2, 1, 4, 1, 2, 1], "source": "KCD II community dice table"},
            {"name": "unbalanced", "weights": [3, 4, 1, 1, 2, 1], "source": "KCD II community dice table"},
            {"name": "unlucky", "weights": [1, 3, 2, 2, 2, 1], "source": "KCD II community dice table"},
            {"name": "wagoners", "weights": [1, 5, 6, 2, 2, 2], "source": "KCD II community dice table"},
            {"name": "weighted", "weights": [10, 1, 1, 1, 1, 1], "source": "KCD II community dice table"},
            {"name": "hugos", "weights": [1, 1, 1, 1, 1, 1], "source": "KCD II community dice table (plain weights)"},
            {"name": "molar", "weights": [1, 1, 1, 1, 1, 1], "source": "KCD II community dice table (plain weights)"},
            {"name": "premolar", "weights": [1, 1, 1, 1, 1, 1], "source": "KCD II community dice table (plain weights)"},
            {"name": "st-stephens", "weights": [1, 1, 1, 1, 1, 1], "source": "KCD II community dice table (plain weights)"},
            {"name": "wisdom-tooth", "weights": [1, 1, 1, 1, 1, 1], "source": "KCD II community dice table (plain weights)"}
          ]
        }

        """#
}
