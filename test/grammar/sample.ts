// The sample ruleset from the parser brief: it exercises every declaration kind and must parse cleanly.
export const SAMPLE = `game "Sample" cites "intro words" {
  players 2 to 5
  rulebook "sample.txt"
}
component Meal { name: text, cost: number, kind: paddy | mountain | "sea side" }
table meals of Meal in meal-deck cites "Karty jídel" {
  | name      | cost | kind     | copies |
  | Misoshiru | 1    | paddy    | 3      |
  | "Tai Meshi" | -3 | "sea side" | 1    |
}
zone meal-deck of Meal, ordered, hidden
zone meals of Meal per player, public
counter coins per player, from 0, at least 0
counter donated per travellers
pieces travellers per player
piece neutral in travellers
board road: track of spaces
board map: graph of cities { Augsburg: Ingolstadt, Innsbruck  Basel: Freiburg }
board island: hex grid of cells
define meal-price(meal) = max(0, cost of meal - 1) ambiguous "lacinější" because "rounding"
define rearmost = first t in sorted t in travellers by position of t then 0 - slot of t
event stop(traveller, space)
rule temple on stop where type of space = "temple" and traveller is not neutral cites "chrám" {
  may choose amount from 1 to min(3, coins) as donate
  pay amount coins
  add amount to donated of traveller
  gain amount points
}
rule full forbids advance when count(pieces-at(destination)) >= 2
powers come from character
power Kinko { define meal-price(meal) = cost of meal }
setup {
  shuffle meal-deck
  simultaneously for each p in players { draw 2 from meal-deck to meals of p }
}
flow {
  repeat until every t in travellers where position of t = 54 {
    turn of owner of rearmost {
      choose destination from road where position of destination > 3 as "advance {destination}" or "stay"
      move rearmost to destination
      fire stop(rearmost, destination)
      choose by player {
        "buy" when coins > 0 { pay 1 coins }
        "pass" { say "{player} passes" }
      }
    }
  }
  rank t in travellers by donated of t ties share { gain [10, 7, 4, 2][min(place, 4)] points to owner of t }
  end the game after this round
  end the game
}
recount points as sum cost of m for m in meals where m in meals
winner most points then most count(achievements)
variant gourmet "Zabužnická varianta" when count(players) = 2 excludes other cites "x" {
  replace define meal-price(meal) = 0
  remove full
  add zone extra of Meal
}
`;
