// Scoring of layouts and hands.
//
// score_layout works in this order:
//   1. four_of_a_kind is noted (four non-wild cards of one rank; jokers are a rank).
//   2. A straight (only when straight_score is set) replaces everything else: points = straight_score, carried in
//      `bonus` so that points == sum(column_points) + bonus still holds; no cell is cancelled, no bonus applies.
//   3. Cancelling patterns mark cells, in the order columns, rows, diagonals, adjacent pairs, pairs anywhere.
//      A card may serve several patterns; a cell cancelled twice is simply cancelled.
//   4. Each cell scores its value, or 0 when cancelled (a negative value stays with cancelled_negatives_keep_value).
//   5. Bonuses: equal column pairs, 2x2 blocks, all equal, rows of kings; the side-by-side penalty is recorded in
//      others_penalty for the other players and is not part of this layout's points. A block, an all-equal layout
//      and a row of kings replace the cards they cover (their cells are cancelled in step 3): the sources give the
//      shape's points "for those four cards". Equal column pairs are cancelled columns already.
// Empty cells score 0 and never take part in a pattern. "Equal" means same rank; with one_eyed_jacks_wild the jacks
// of spades and hearts match anything.
//
// score_hand follows the order in scoring.hpp: layouts, penalties to others, shooting the moon (which skips the
// caller rules and lowest-scores-zero), caller rules, lowest-scores-zero, extra points. Seats are named by their
// 0-based index in the notes, as everywhere else in the engine.
#include "engine/scoring.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <iterator>
#include <numeric>
#include <string_view>

namespace golf {

namespace {

// A group made only of wild jacks is still a group of jacks (for grouping equal columns by rank).
constexpr int jack_rank = 11;
constexpr int king_rank = 13;

// The layout as a rows x cols grid; a cells span of the wrong length is padded with empties or cut, never read past.
struct grid {
    int rows = 0;
    int cols = 0;
    int count = 0;                                                             // rows * cols
    std::array<std::optional<card>, max_rows_limit * max_cols_limit> cells{};  // inline: no allocation per score

    int index(int r, int c) const { return r * cols + c; }
    const std::optional<card>& at(int r, int c) const { return cells[index(r, c)]; }
    int size() const { return count; }
    std::span<const std::optional<card>> all() const { return {cells.data(), static_cast<std::size_t>(count)}; }
};

// Per cell: scored zero by a cancelling pattern. Inline, like the grid.
using cell_mask = std::array<bool, max_rows_limit * max_cols_limit>;
// Per column: the shared rank of a full column of equal cards, else nullopt.
using column_ranks_t = std::array<std::optional<int>, max_cols_limit>;

grid make_grid(const ruleset& rules, std::span<const std::optional<card>> cells) {
    grid g;
    g.rows = std::clamp(rules.rows, 0, max_rows_limit);
    g.cols = std::clamp(rules.cols, 0, max_cols_limit);
    g.count = g.rows * g.cols;
    std::copy_n(cells.begin(), std::min(cells.size(), static_cast<std::size_t>(g.count)), g.cells.begin());
    return g;
}

bool is_wild(const ruleset& rules, card c) { return rules.one_eyed_jacks_wild && c.is_one_eyed_jack(); }

// A few cell indices (a line, a block, the cards of a rank) kept inline: scoring runs inside every bot's estimate,
// thousands of times per search decision, and a heap allocation per line was most of its cost.
class cell_list {
public:
    cell_list() = default;
    cell_list(std::initializer_list<int> cells) {
        for (int i : cells) push_back(i);
    }
    explicit cell_list(std::size_t n) : size_(std::min(n, capacity)) {}
    void push_back(int i) {
        if (size_ < capacity) items_[size_++] = i;
    }
    std::size_t size() const { return size_; }
    int operator[](std::size_t i) const { return items_[i]; }
    bool empty() const { return size_ == 0; }
    int* begin() { return items_.data(); }
    int* end() { return items_.data() + size_; }
    const int* begin() const { return items_.data(); }
    const int* end() const { return items_.data() + size_; }
    std::reverse_iterator<const int*> rbegin() const { return std::reverse_iterator<const int*>(end()); }
    std::reverse_iterator<const int*> rend() const { return std::reverse_iterator<const int*>(begin()); }

private:
    static constexpr std::size_t capacity = max_rows_limit * max_cols_limit;
    std::array<int, capacity> items_;  // only the first size_ are read
    std::size_t size_ = 0;
};

// The rank a group of cells shares when every cell holds a card and all non-wild cards have one rank;
// nullopt otherwise (an empty group is not equal).
std::optional<int> equal_rank(const ruleset& rules, const grid& g, const cell_list& group) {
    if (group.empty()) return std::nullopt;
    std::optional<int> rank;
    for (int i : group) {
        const auto& cell = g.cells[i];
        if (!cell) return std::nullopt;
        if (is_wild(rules, *cell)) continue;
        if (rank && *rank != cell->rank) return std::nullopt;
        rank = cell->rank;
    }
    return rank.value_or(jack_rank);
}

cell_list column_cells(const grid& g, int c) {
    cell_list out;
    for (int r = 0; r < g.rows; ++r) out.push_back(g.index(r, c));
    return out;
}

cell_list row_cells(const grid& g, int r) {
    cell_list out;
    for (int c = 0; c < g.cols; ++c) out.push_back(g.index(r, c));
    return out;
}

// The shared rank of each full column of equal cards, else nullopt. A one-row "column" is never equal.
column_ranks_t equal_column_ranks(const ruleset& rules, const grid& g) {
    column_ranks_t out{};
    if (g.rows < 2) return out;
    for (int c = 0; c < g.cols; ++c) out[c] = equal_rank(rules, g, column_cells(g, c));
    return out;
}

void cancel_group(const ruleset& rules, const grid& g, const cell_list& group, cell_mask& cancelled) {
    if (!equal_rank(rules, g, group)) return;
    for (int i : group) cancelled[i] = true;
}

// --- cancelling patterns -------------------------------------------------------------------------------------

void cancel_columns(const ruleset& rules, const grid& g, cell_mask& cancelled) {
    if (g.rows < 2) return;
    for (int c = 0; c < g.cols; ++c) cancel_group(rules, g, column_cells(g, c), cancelled);
}

void cancel_rows(const ruleset& rules, const grid& g, cell_mask& cancelled) {
    if (g.cols < 2) return;
    for (int r = 0; r < g.rows; ++r) cancel_group(rules, g, row_cells(g, r), cancelled);
}

// Only square layouts have diagonals that run corner to corner.
void cancel_diagonals(const ruleset& rules, const grid& g, cell_mask& cancelled) {
    if (g.rows != g.cols || g.rows < 2) return;
    cell_list down, up;
    for (int i = 0; i < g.rows; ++i) {
        down.push_back(g.index(i, i));
        up.push_back(g.index(i, g.cols - 1 - i));
    }
    cancel_group(rules, g, down, cancelled);
    cancel_group(rules, g, up, cancelled);
}

void cancel_adjacent_pairs(const ruleset& rules, const grid& g, cell_mask& cancelled) {
    for (int r = 0; r < g.rows; ++r) {
        for (int c = 0; c < g.cols; ++c) {
            if (c + 1 < g.cols) cancel_group(rules, g, {g.index(r, c), g.index(r, c + 1)}, cancelled);
            if (r + 1 < g.rows) cancel_group(rules, g, {g.index(r, c), g.index(r + 1, c)}, cancelled);
        }
    }
}

// Equal ranks pair off first: a rank with an odd count leaves one card, the lowest-valued one not already cancelled
// by another pattern (so three equal cards always leave one scoring, the one the player would rather keep).
// Then each wild not yet cancelled pairs with the highest-valued uncancelled non-wild card, and wilds still left
// pair with each other; an odd wild out keeps its value.
void cancel_pairs_anywhere(const ruleset& rules, const grid& g, cell_mask& cancelled) {
    std::array<cell_list, 14> by_rank;
    cell_list wilds;
    for (int i = 0; i < g.size(); ++i) {
        const auto& cell = g.cells[i];
        if (!cell) continue;
        if (is_wild(rules, *cell)) {
            wilds.push_back(i);
        } else if (cell->rank < by_rank.size()) {
            by_rank[cell->rank].push_back(i);
        }
    }

    for (const cell_list& same : by_rank) {
        int survivor = -1;
        if (same.size() % 2 == 1) {
            // Ordered by (already cancelled, value), later cells winning ties.
            survivor = *std::min_element(same.rbegin(), same.rend(), [&](int a, int b) {
                const auto key = [&](int i) { return std::pair{cancelled[i] ? 1 : 0, rules.value_of(*g.cells[i])}; };
                return key(a) < key(b);
            });
        }
        for (int i : same)
            if (i != survivor) cancelled[i] = true;
    }

    cell_list left_wilds;
    for (int w : wilds) {
        if (cancelled[w]) continue;
        int best = -1;
        for (int i = 0; i < g.size(); ++i) {
            const auto& cell = g.cells[i];
            if (!cell || cancelled[i] || is_wild(rules, *cell)) continue;
            if (best < 0 || rules.value_of(*cell) > rules.value_of(*g.cells[best])) best = i;
        }
        if (best < 0) {
            left_wilds.push_back(w);
        } else {
            cancelled[w] = true;
            cancelled[best] = true;
        }
    }
    for (std::size_t k = 0; k + 1 < left_wilds.size(); k += 2) {
        cancelled[left_wilds[k]] = true;
        cancelled[left_wilds[k + 1]] = true;
    }
}

cell_mask cancelled_cells(const ruleset& rules, const grid& g) {
    cell_mask cancelled{};
    if (rules.cancel_column) cancel_columns(rules, g, cancelled);
    if (rules.cancel_row) cancel_rows(rules, g, cancelled);
    if (rules.cancel_diagonal) cancel_diagonals(rules, g, cancelled);
    if (rules.cancel_adjacent_pairs) cancel_adjacent_pairs(rules, g, cancelled);
    if (rules.cancel_pairs_anywhere) cancel_pairs_anywhere(rules, g, cancelled);
    return cancelled;
}

int cell_score(const ruleset& rules, const grid& g, const cell_mask& cancelled, int i) {
    const auto& cell = g.cells[i];
    if (!cell) return 0;
    const int value = rules.value_of(*cell);
    if (!cancelled[i]) return value;
    return rules.cancelled_negatives_keep_value && value < 0 ? value : 0;
}

// --- whole-layout shapes -------------------------------------------------------------------------------------

bool has_four_of_a_kind(const ruleset& rules, const grid& g) {
    std::array<int, 14> count{};
    for (const auto& cell : g.all())
        if (cell && !is_wild(rules, *cell) && cell->rank < count.size() && ++count[cell->rank] >= 4) return true;
    return false;
}

// Distinct consecutive ranks in any arrangement; the ace is low (A 2 3) or high (Q K A) but never both (K A 2).
// Wild jacks count as plain jacks here: a straight is made of the cards themselves.
bool is_straight(const grid& g) {
    if (g.size() < 3) return false;
    std::vector<int> ranks;
    for (const auto& cell : g.all()) {
        if (!cell || cell->is_joker()) return false;
        ranks.push_back(cell->rank);
    }
    const auto consecutive = [](std::vector<int> r) {
        std::sort(r.begin(), r.end());
        if (std::adjacent_find(r.begin(), r.end()) != r.end()) return false;
        return r.back() - r.front() == static_cast<int>(r.size()) - 1;
    };
    if (consecutive(ranks)) return true;
    std::replace(ranks.begin(), ranks.end(), 1, 14);
    return consecutive(ranks);
}

bool all_equal(const ruleset& rules, const grid& g) {
    if (g.size() < 2) return false;
    cell_list everything(static_cast<std::size_t>(g.size()));
    std::iota(everything.begin(), everything.end(), 0);
    return equal_rank(rules, g, everything).has_value();
}

// --- bonuses -------------------------------------------------------------------------------------------------

// What a layout scores, kept inline so that bots can ask for points alone without allocating;
// score_layout copies it into a layout_score.
struct tally {
    int points = 0;
    int bonus = 0;
    int others_penalty = 0;
    bool straight = false;
    std::array<int, max_cols_limit> column_points{};
    cell_mask cancelled{};
    int cells_scored = 0;  // cells with a `cancelled` entry: the grid, plus the gained cards below it
};

// notes: where the line for each bonus goes, or null when only the points are wanted.
void add_bonus(tally& out, std::vector<score_note>* notes, int count, int each, score_note_kind kind) {
    if (count <= 0 || each == 0) return;
    out.bonus += count * each;
    if (notes) notes->push_back({.kind = kind, .points = count * each, .count = count});
}

// For each rank, every two full columns of that rank (anywhere in the layout) count once.
int equal_column_pair_count(const column_ranks_t& column_ranks) {
    std::array<int, 14> columns_of_rank{};
    for (const auto& rank : column_ranks)
        if (rank && *rank < static_cast<int>(columns_of_rank.size())) ++columns_of_rank[*rank];
    int pairs = 0;
    for (int k : columns_of_rank) pairs += k / 2;
    return pairs;
}

// Runs of adjacent equal columns of one rank; a run of L columns holds L / 2 side-by-side pairs.
int side_by_side_pair_count(const column_ranks_t& column_ranks) {
    int pairs = 0;
    std::size_t c = 0;
    while (c < column_ranks.size()) {
        std::size_t end = c + 1;
        if (column_ranks[c]) {
            while (end < column_ranks.size() && column_ranks[end] == column_ranks[c]) ++end;
            pairs += static_cast<int>(end - c) / 2;
        }
        c = end;
    }
    return pairs;
}

// Overlapping 2x2 windows count separately (a 2x3 of six equal cards holds two).
int square_block_count(const ruleset& rules, const grid& g) {
    int blocks = 0;
    for (int r = 0; r + 1 < g.rows; ++r)
        for (int c = 0; c + 1 < g.cols; ++c)
            if (equal_rank(rules, g, {g.index(r, c), g.index(r, c + 1), g.index(r + 1, c), g.index(r + 1, c + 1)}))
                ++blocks;
    return blocks;
}

// Real kings only: a wild jack does not make a row of kings.
int king_row_count(const grid& g) {
    if (g.cols < 2) return 0;
    int rows = 0;
    for (int r = 0; r < g.rows; ++r) {
        bool kings = true;
        for (int c = 0; c < g.cols; ++c) kings = kings && g.at(r, c) && g.at(r, c)->rank == king_rank;
        if (kings) ++rows;
    }
    return rows;
}

// A bonus shape replaces the cards it covers, as the sources word them: "-25 for those four cards" (001, 002),
// "four kings on one side = -16 points"; its cells are cancelled, so only the bonus counts for them.
void cancel_bonus_shapes(const ruleset& rules, const grid& g, cell_mask& cancelled) {
    if (rules.bonus_square_block != 0)
        for (int r = 0; r + 1 < g.rows; ++r)
            for (int c = 0; c + 1 < g.cols; ++c)
                cancel_group(rules, g, {g.index(r, c), g.index(r, c + 1), g.index(r + 1, c), g.index(r + 1, c + 1)},
                             cancelled);
    if (rules.bonus_all_equal != 0 && all_equal(rules, g)) std::fill(cancelled.begin(), cancelled.end(), true);
    if (rules.bonus_row_of_kings != 0 && g.cols >= 2)
        for (int r = 0; r < g.rows; ++r) {
            const cell_list row = row_cells(g, r);
            if (std::all_of(row.begin(), row.end(), [&](int i) { return g.cells[i] && g.cells[i]->rank == king_rank; }))
                for (int i : row) cancelled[i] = true;
        }
}

void add_bonuses(const ruleset& rules, const grid& g, tally& out, std::vector<score_note>* notes) {
    // Each shape is looked for only when the rules give it points: most rulesets give none, and bots score often.
    const bool columns_count = rules.bonus_equal_column_pairs != 0 || rules.others_penalty_side_by_side_pairs != 0;
    const auto column_ranks = columns_count ? equal_column_ranks(rules, g) : column_ranks_t{};
    if (rules.bonus_equal_column_pairs != 0)
        add_bonus(out, notes, equal_column_pair_count(column_ranks), rules.bonus_equal_column_pairs,
                  score_note_kind::equal_column_pairs);
    if (rules.bonus_square_block != 0)
        add_bonus(out, notes, square_block_count(rules, g), rules.bonus_square_block, score_note_kind::square_block);
    if (rules.bonus_all_equal != 0)
        add_bonus(out, notes, all_equal(rules, g) ? 1 : 0, rules.bonus_all_equal, score_note_kind::all_equal);
    if (rules.bonus_row_of_kings != 0)
        add_bonus(out, notes, king_row_count(g), rules.bonus_row_of_kings, score_note_kind::row_of_kings);

    const int side_by_side = rules.others_penalty_side_by_side_pairs != 0 ? side_by_side_pair_count(column_ranks) : 0;
    if (side_by_side > 0) {
        out.others_penalty = side_by_side * rules.others_penalty_side_by_side_pairs;
        if (notes) notes->push_back({.kind = score_note_kind::side_by_side_pairs, .points = out.others_penalty});
    }
}

tally tally_layout(const ruleset& rules, const grid& g, std::span<const std::optional<card>> cells,
                   std::vector<score_note>* notes) {
    tally out;
    const bool gained_cards = std::any_of(cells.begin() + std::min<std::ptrdiff_t>(g.size(), std::ssize(cells)),
                                          cells.end(), [](const std::optional<card>& c) { return c.has_value(); });
    if (rules.straight_score && !gained_cards && is_straight(g)) {
        out.cells_scored = g.size();
        out.straight = true;
        out.bonus = *rules.straight_score;
        out.points = *rules.straight_score;
        if (notes) notes->push_back({.kind = score_note_kind::straight, .points = *rules.straight_score});
        return out;
    }

    out.cancelled = cancelled_cells(rules, g);
    cancel_bonus_shapes(rules, g, out.cancelled);
    for (int i = 0; i < g.size(); ++i) out.column_points[i % g.cols] += cell_score(rules, g, out.cancelled, i);
    // Cards a layout gained sit in the extra rows below the grid: they score their value and never cancel.
    const std::size_t positions = static_cast<std::size_t>(std::max(rules.positions(), 0));
    out.cells_scored = g.size();
    for (std::size_t i = static_cast<std::size_t>(g.size()); i < std::min(cells.size(), positions); ++i) {
        ++out.cells_scored;  // gained cells never cancel: their entries stay false
        if (cells[i] && g.cols > 0)
            out.column_points[i % static_cast<std::size_t>(g.cols)] += rules.value_of(*cells[i]);
    }
    add_bonuses(rules, g, out, notes);
    out.points = std::accumulate(out.column_points.begin(), out.column_points.end(), 0) + out.bonus;
    return out;
}

}  // namespace

std::vector<equal_group> completed_groups(const ruleset& rules, std::span<const std::optional<card>> cells) {
    const grid g = make_grid(rules, cells);
    std::vector<equal_group> out;
    const auto consider = [&](cell_list group, int bonus) {
        if (equal_rank(rules, g, group))
            out.push_back(equal_group{std::vector<int>(group.begin(), group.end()), bonus});
    };
    if (rules.cancel_column && g.rows >= 2)
        for (int c = 0; c < g.cols; ++c) consider(column_cells(g, c), 0);
    if (rules.cancel_row && g.cols >= 2)
        for (int r = 0; r < g.rows; ++r) consider(row_cells(g, r), 0);
    if (rules.cancel_diagonal && g.rows == g.cols && g.rows >= 2) {
        cell_list down, up;
        for (int i = 0; i < g.rows; ++i) {
            down.push_back(g.index(i, i));
            up.push_back(g.index(i, g.cols - 1 - i));
        }
        consider(std::move(down), 0);
        consider(std::move(up), 0);
    }
    if (rules.bonus_square_block != 0)
        for (int r = 0; r + 1 < g.rows; ++r)
            for (int c = 0; c + 1 < g.cols; ++c)
                consider({g.index(r, c), g.index(r, c + 1), g.index(r + 1, c), g.index(r + 1, c + 1)},
                         rules.bonus_square_block);
    return out;
}

layout_score score_layout(const ruleset& rules, std::span<const std::optional<card>> cells) {
    const grid g = make_grid(rules, cells);
    layout_score out;
    const tally t = tally_layout(rules, g, cells, &out.why);
    for (const score_note& note : out.why) out.notes.push_back(note_text(note));
    out.points = t.points;
    out.bonus = t.bonus;
    out.others_penalty = t.others_penalty;
    out.straight = t.straight;
    out.four_of_a_kind = has_four_of_a_kind(rules, g);
    out.column_points.assign(t.column_points.begin(), t.column_points.begin() + g.cols);
    out.cancelled.assign(static_cast<std::size_t>(t.cells_scored), false);
    std::copy_n(t.cancelled.begin(), std::min(t.cells_scored, g.size()), out.cancelled.begin());
    return out;
}

int layout_points(const ruleset& rules, std::span<const std::optional<card>> cells) {
    return tally_layout(rules, make_grid(rules, cells), cells, nullptr).points;
}

namespace {

// --- the hand ------------------------------------------------------------------------------------------------

int current_score(const hand_score& h, int seat) { return h.layouts[seat].points + h.adjustments[seat]; }

void adjust(hand_score& h, int seat, int delta, score_note why) {
    if (delta == 0) return;
    h.adjustments[seat] += delta;
    why.seat = seat;
    why.points = delta;
    h.notes.push_back(note_text(why));
    h.why.push_back(why);
}

void apply_others_penalties(hand_score& h) {
    const int players = static_cast<int>(h.layouts.size());
    for (int i = 0; i < players; ++i) {
        const int penalty = h.layouts[i].others_penalty;
        if (penalty == 0) continue;
        for (int j = 0; j < players; ++j)
            if (j != i) adjust(h, j, penalty, {.kind = score_note_kind::pays_for_side_by_side, .other = i});
    }
}

// The first seat whose layout reaches the threshold scores 0 and sets every other seat's hand score to it.
bool apply_shoot_the_moon(const ruleset& rules, hand_score& h) {
    if (!rules.shoot_the_moon) return false;
    const int moon = *rules.shoot_the_moon;
    const int players = static_cast<int>(h.layouts.size());
    for (int shooter = 0; shooter < players; ++shooter) {
        if (h.layouts[shooter].points < moon) continue;
        for (int j = 0; j < players; ++j) {
            const int target = j == shooter ? 0 : moon;
            adjust(h, j, target - current_score(h, j),
                   {.kind = score_note_kind::shot_the_moon,
                    .other = shooter,
                    .figure = h.layouts[shooter].points,
                    .target = target});
        }
        return true;
    }
    return false;
}

int caller_bonus_delta(const ruleset& rules, int players, int score) {
    switch (rules.caller_bonus) {
        case caller_bonus_rule::none: return 0;
        case caller_bonus_rule::zero: return score > 0 ? -score : 0;
        case caller_bonus_rule::minus_players: return -players;
        case caller_bonus_rule::minus_points: return -rules.caller_bonus_points;
        case caller_bonus_rule::set_to_points: return rules.caller_bonus_points - score;
    }
    return 0;
}

int caller_penalty_delta(const ruleset& rules, int players, int score, int highest_all, int highest_other,
                         int lowest_other) {
    switch (rules.caller_penalty) {
        case caller_penalty_rule::none: return 0;
        case caller_penalty_rule::add_points: return rules.caller_penalty_points;
        case caller_penalty_rule::double_plus_points: return score + rules.caller_penalty_points;
        case caller_penalty_rule::set_to_highest: return highest_all - score;
        case caller_penalty_rule::add_highest: return highest_other;
        case caller_penalty_rule::add_twice_players: return 2 * players;
        case caller_penalty_rule::add_lowest: return lowest_other;
    }
    return 0;
}

void apply_caller_rules(const ruleset& rules, int caller, hand_score& h) {
    const int players = static_cast<int>(h.layouts.size());
    if (caller < 0 || caller >= players || players < 2) return;  // no caller, or no one to compare with
    const int score = current_score(h, caller);
    std::optional<int> lowest_other, highest_other;
    for (int j = 0; j < players; ++j) {
        if (j == caller) continue;
        const int s = current_score(h, j);
        lowest_other = std::min(lowest_other.value_or(s), s);
        highest_other = std::max(highest_other.value_or(s), s);
    }
    const int highest_all = std::max(score, *highest_other);
    const auto bonus = [&] { return caller_bonus_delta(rules, players, score); };
    const auto penalty = [&] {
        return caller_penalty_delta(rules, players, score, highest_all, *highest_other, *lowest_other);
    };

    if (score < *lowest_other) {
        adjust(h, caller, bonus(), {.kind = score_note_kind::caller_lowest});
    } else if (score > *lowest_other) {
        adjust(h, caller, penalty(), {.kind = score_note_kind::caller_not_lowest});
    } else {
        const score_note tied{.kind = score_note_kind::caller_tied};
        switch (rules.caller_tie) {
            case caller_tie_rule::as_lowest: adjust(h, caller, bonus(), tied); break;
            case caller_tie_rule::as_not_lowest: adjust(h, caller, penalty(), tied); break;
            case caller_tie_rule::no_adjustment: break;
            case caller_tie_rule::add_tie_points: adjust(h, caller, rules.caller_tie_points, tied); break;
        }
    }
}

// Cactus: an opponent whose layout scored no more than the caller's scores nothing.
void apply_at_or_below_caller(const ruleset& rules, int caller, const std::vector<int>& before, hand_score& h) {
    const int players = static_cast<int>(h.layouts.size());
    if (!rules.at_or_below_caller_scores_zero || caller < 0 || caller >= players) return;
    for (int j = 0; j < players; ++j) {
        if (j == caller || before[static_cast<std::size_t>(j)] > before[static_cast<std::size_t>(caller)]) continue;
        adjust(h, j, -current_score(h, j), {.kind = score_note_kind::at_or_below_caller});
    }
}

// Every seat tied on the lowest score records zero.
void apply_lowest_scores_zero(const ruleset& rules, hand_score& h) {
    const int players = static_cast<int>(h.layouts.size());
    if (!rules.lowest_scores_zero || players == 0) return;
    int lowest = current_score(h, 0);
    for (int j = 1; j < players; ++j) lowest = std::min(lowest, current_score(h, j));
    for (int j = 0; j < players; ++j)
        if (current_score(h, j) == lowest) adjust(h, j, -lowest, {.kind = score_note_kind::lowest_scores_zero});
}

int match_winner(const ruleset& rules, const hand_score& h) {
    if (!rules.four_of_a_kind_wins_match) return -1;
    for (std::size_t i = 0; i < h.layouts.size(); ++i)
        if (h.layouts[i].four_of_a_kind) return static_cast<int>(i);
    return -1;
}

}  // namespace

hand_score score_hand(const ruleset& rules, std::span<const layout_cells> layouts, int caller,
                      std::span<const int> extra) {
    const std::size_t players = layouts.size();
    hand_score h;
    for (const auto& cells : layouts) h.layouts.push_back(score_layout(rules, cells));
    h.adjustments.assign(players, 0);
    h.extra.assign(players, 0);
    std::copy_n(extra.begin(), std::min(extra.size(), players), h.extra.begin());

    apply_others_penalties(h);
    if (!apply_shoot_the_moon(rules, h)) {
        const std::vector<int> before_caller_rules = [&] {
            std::vector<int> out;
            for (std::size_t i = 0; i < players; ++i) out.push_back(current_score(h, static_cast<int>(i)));
            return out;
        }();
        apply_caller_rules(rules, caller, h);
        apply_at_or_below_caller(rules, caller, before_caller_rules, h);
        apply_lowest_scores_zero(rules, h);
    }

    for (std::size_t i = 0; i < players; ++i) h.scores.push_back(h.layouts[i].points + h.adjustments[i] + h.extra[i]);
    h.match_winner = match_winner(rules, h);
    return h;
}

}  // namespace golf
