//! The Difficulty group: Monte-Carlo (keep the hardest or easiest of N
//! seeds by solution length) and a target (seed after seed until a lab
//! metric falls in a range), each moving the maze to the seed it found.
