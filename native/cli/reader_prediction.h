// caqa predict --evaluator reader: a reader's weights (caqa train --model reader) run over
// a benchmark file, written as a prediction file.
#pragma once

#include <string>

namespace caqa::cli {

// Labels in the model's scheme; "score" is the probability of its first class (supportive,
// full, attributable), "confidence" that of the predicted one. Returns the exit code.
int predict_with_reader(const std::string& model, const std::string& gold, const std::string& output,
                        const std::string& backend);

}  // namespace caqa::cli
