guide
pricing
