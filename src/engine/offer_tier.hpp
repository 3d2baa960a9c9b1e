#pragma once
// Providers that rent the same GPU in several tiers (RunPod's Community and Secure Cloud, Vast.ai's verified
// hosts and the rest): a row names the tier beside the provider, so two RunPod rows are told apart.
#include "catalog.hpp"
#include "text.hpp"

namespace gw {

// The offer's tier as the catalog's region states it ("Community Cloud (global hosts)" -> Community); empty
// for a provider with one tier.
Text offer_tier(const Offer& o);
// The provider's name with the tier: "RunPod Community", "Vast.ai verified"; the plain name otherwise.
Text provider_label(const Provider& p, const Offer& o);

}  // namespace gw
